import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { addressKey } from "../../../../src/forms/addressKey";
import { migrations } from "../../../../src/server/store/migrations";
import { addressKeySql } from "../../../../src/server/store/migrations/014-people";
import { POSTGRES, SQLITE } from "../../../../src/server/store/migrations/step";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";

/**
 * Migration 14 on a copy of a store as the release before it kept it (version 13, its rows as that
 * release wrote them), on both databases: the sales forms grouped into people, each person's state
 * worked out from their forms by the rule the migration states, and nothing lost.
 */

const ADDRESSES = [
  "ana.ruiz@gmail.com",
  "AnaRuiz+gym@GoogleMail.com",
  " a.n.a.ruiz@gmail.com ",
  "ben+x+y@example.com",
  "j.smith@outlook.com",
  "x@y",
  "plain",
];

/** One statement per line: the store as version 13 left it. */
const SEED = [
  // Ana: a contact message answered by the owner, then an intro she booked herself and came to; a hold, a privacy request.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-AAAAAAAAA1', 'contact', '2026-11-01T10:00:00.000Z', '{"name":"Ana Ruiz","email":"ana.ruiz@gmail.com","phone":"+12535550177","message":"Hi"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('B-AAAAAAAAA2', 'intro', '2026-11-02T10:00:00.000Z', '{"name":"Ana Ruiz","email":"anaruiz@gmail.com","start":"2026-11-05T17:00:00.000Z"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('H-AAAAAAAAA3', 'membership-hold', '2026-11-03T10:00:00.000Z', '{"name":"Ana Ruiz","email":"ana.ruiz@gmail.com","type":"hold"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('P-AAAAAAAAA4', 'privacy-request', '2026-11-04T10:00:00.000Z', '{"name":"Ana Ruiz","email":"ana.ruiz@gmail.com","request":"access","details":""}', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('C-AAAAAAAAA1', 'contacted', '2026-11-10', NULL, '2026-11-01T10:05:00.000Z', 'owner@gym.example', '2026-11-01T10:05:00.000Z')`,
  `INSERT INTO lead_events (submission_id, at, actor, status) VALUES ('C-AAAAAAAAA1', '2026-11-01T10:05:00.000Z', 'owner@gym.example', 'contacted')`,
  `INSERT INTO lead_notes (submission_id, author, body, created_at) VALUES ('C-AAAAAAAAA1', 'owner@gym.example', 'Called: wants mornings', '2026-11-01T10:06:00.000Z')`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('B-AAAAAAAAA2', 'intro-booked', NULL, NULL, '2026-11-02T10:00:00.000Z', 'visitor', NULL)`,
  `INSERT INTO lead_events (submission_id, at, actor, status) VALUES ('B-AAAAAAAAA2', '2026-11-02T10:00:00.000Z', 'visitor', 'intro-booked')`,
  `INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email, cancelled_at, attendance) VALUES ('B-AAAAAAAAA2', 'Dana', '2026-11-05T17:00:00.000Z', '2026-11-05T17:30:00.000Z', 'anaruiz@gmail.com', NULL, 'attended')`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('H-AAAAAAAAA3', 'contacted', NULL, NULL, '2026-11-03T11:00:00.000Z', 'owner@gym.example', '2026-11-03T11:00:00.000Z')`,
  `INSERT INTO lead_notes (submission_id, author, body, created_at) VALUES ('H-AAAAAAAAA3', 'owner@gym.example', 'Hold from Dec 1', '2026-11-03T11:00:00.000Z')`,
  // Ben: a message nobody answered, then a drop-in marked Lost: not every form Lost, so New, waiting since the first.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-BBBBBBBBB1', 'contact', '2026-11-03T09:00:00.000Z', '{"name":"Ben","email":"ben@example.com","message":"Price?"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('V-BBBBBBBBB2', 'drop-in', '2026-11-04T09:00:00.000Z', '{"name":"Ben","email":"BEN+dropin@Example.com"}', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('V-BBBBBBBBB2', 'lost', NULL, NULL, '2026-11-04T12:00:00.000Z', 'coach@gym.example', NULL)`,
  `INSERT INTO lead_events (submission_id, at, actor, status) VALUES ('V-BBBBBBBBB2', '2026-11-04T12:00:00.000Z', 'coach@gym.example', 'lost')`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('S-BBBBBBBBB3', 'signup', '2026-11-06T09:00:00.000Z', '{"firstName":"Ben","lastName":"Ng","email":"ben@example.com"}', NULL)`,
  // Cy: two forms, both Lost.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-CCCCCCCCC1', 'contact', '2026-11-05T09:00:00.000Z', '{"name":"Cy","email":"cy@example.com","message":"?"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('K-CCCCCCCCC2', 'kids-trial', '2026-11-05T10:00:00.000Z', '{"name":"Cy","email":"cy+kids@example.com","phone":"+12535550100"}', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('C-CCCCCCCCC1', 'lost', '2026-11-09', NULL, '2026-11-06T09:00:00.000Z', 'owner@gym.example', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('K-CCCCCCCCC2', 'lost', NULL, NULL, '2026-11-07T09:00:00.000Z', 'coach@gym.example', NULL)`,
  // Dee booked her own intro and nobody has spoken to her.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('B-DDDDDDDDD1', 'intro', '2026-11-06T09:00:00.000Z', '{"name":"Dee","email":"dee@example.com","start":"2026-11-09T17:00:00.000Z"}', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('B-DDDDDDDDD1', 'intro-booked', NULL, NULL, '2026-11-06T09:00:00.000Z', 'visitor', NULL)`,
  `INSERT INTO lead_events (submission_id, at, actor, status) VALUES ('B-DDDDDDDDD1', '2026-11-06T09:00:00.000Z', 'visitor', 'intro-booked')`,
  `INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email, cancelled_at, attendance) VALUES ('B-DDDDDDDDD1', 'Dana', '2026-11-09T17:00:00.000Z', '2026-11-09T17:30:00.000Z', 'dee@example.com', NULL, NULL)`,
  // Eve: answered by a coach's reply (no status event at that instant), later Joined.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-EEEEEEEEE1', 'contact', '2026-11-07T09:00:00.000Z', '{"name":"Eve","email":"eve@example.com","message":"Hi"}', NULL)`,
  `INSERT INTO leads (submission_id, status, follow_up_on, answered_at, updated_at, updated_by, first_response_at) VALUES ('C-EEEEEEEEE1', 'joined', NULL, NULL, '2026-11-20T09:00:00.000Z', 'owner@gym.example', '2026-11-07T09:02:00.000Z')`,
  `INSERT INTO audit_log (at, actor, action, target) VALUES ('2026-11-07T09:02:00.000Z', 'coach@gym.example', 'lead.reply', 'C-EEEEEEEEE1')`,
  `INSERT INTO lead_notes (submission_id, author, body, created_at) VALUES ('C-EEEEEEEEE1', 'coach@gym.example', 'E-mailed "Hi":\n\nCome by', '2026-11-07T09:02:00.000Z')`,
  `INSERT INTO lead_events (submission_id, at, actor, status) VALUES ('C-EEEEEEEEE1', '2026-11-20T09:00:00.000Z', 'owner@gym.example', 'joined')`,
  // Spam makes no person.
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-ZZZZZZZZZ1', 'contact', '2026-11-08T09:00:00.000Z', '{"name":"Zed","email":"zed@example.com","message":"buy"}', 'honeypot')`,
];

const COUNTS = {
  submissions: "SELECT COUNT(*) AS n FROM submissions",
  people: "SELECT COUNT(*) AS n FROM people",
  "forms with a person": "SELECT COUNT(*) AS n FROM submissions WHERE person_id IS NOT NULL",
  leads: "SELECT COUNT(*) AS n FROM leads",
  lead_events: "SELECT COUNT(*) AS n FROM lead_events",
  lead_notes: "SELECT COUNT(*) AS n FROM lead_notes",
  "person_events (status)": "SELECT COUNT(*) AS n FROM person_events WHERE kind = 'status'",
  "person_events (note)": "SELECT COUNT(*) AS n FROM person_events WHERE kind = 'note'",
  intro_bookings: "SELECT COUNT(*) AS n FROM intro_bookings",
} as const;
type Counts = Record<keyof typeof COUNTS, number>;

const PEOPLE_SQL =
  "SELECT p.id, (SELECT k.email_key FROM person_keys k WHERE k.person_id = p.id) AS email_key, p.status, p.follow_up_on, p.first_response_by, " +
  "CASE WHEN p.waiting_since IS NULL THEN NULL ELSE 'waiting' END AS waiting, " +
  "(SELECT COUNT(*) FROM submissions s WHERE s.person_id = p.id) AS forms FROM people p ORDER BY p.created_at";

const EXPECTED_PEOPLE = [
  {
    id: "N-AAAAAAAAA1",
    email_key: "anaruiz@gmail.com",
    status: "came",
    follow_up_on: "2026-11-10",
    first_response_by: "owner@gym.example",
    waiting: null,
    forms: 2,
  },
  {
    id: "N-BBBBBBBBB1",
    email_key: "ben@example.com",
    status: "new",
    follow_up_on: null,
    first_response_by: null,
    waiting: "waiting",
    forms: 2,
  },
  { id: "N-CCCCCCCCC1", email_key: "cy@example.com", status: "lost", follow_up_on: null, first_response_by: null, waiting: null, forms: 2 },
  {
    id: "N-DDDDDDDDD1",
    email_key: "dee@example.com",
    status: "intro-booked",
    follow_up_on: null,
    first_response_by: null,
    waiting: "waiting",
    forms: 1,
  },
  {
    id: "N-EEEEEEEEE1",
    email_key: "eve@example.com",
    status: "joined",
    follow_up_on: null,
    first_response_by: "coach@gym.example",
    waiting: null,
    forms: 1,
  },
];

/** What a test reads of either database: rows of a query, numbers as numbers. */
type Read = (query: string) => Promise<Array<Record<string, unknown>>>;

async function counts(read: Read): Promise<Counts> {
  const entries = await Promise.all(
    Object.entries(COUNTS).map(async ([name, query]) => {
      if (name.startsWith("person") || name === "people" || name === "forms with a person") {
        const exists = await read("SELECT COUNT(*) AS n FROM schema_migrations WHERE version = 14");
        if (Number(exists[0]?.n) === 0) return [name, 0] as const;
      }
      return [name, Number((await read(query))[0]?.n)] as const;
    }),
  );
  return Object.fromEntries(entries) as Counts;
}

async function checkMigrated(name: string, before: Counts, read: Read, store: SubmissionStore) {
  const after = await counts(read);
  console.log(`${name}, migration 14 on a seeded store: before ${JSON.stringify(before)}; after ${JSON.stringify(after)}`);
  // Nothing lost: every form stays; every change of status and every note of a sales form is on its person's timeline.
  expect(after.submissions).toBe(before.submissions);
  expect(after.intro_bookings).toBe(before.intro_bookings);
  expect(after["forms with a person"]).toBe(8);
  expect(after.people).toBe(5);
  expect(after.lead_events + after["person_events (status)"]).toBe(before.lead_events);
  expect(after.lead_notes + after["person_events (note)"]).toBe(before.lead_notes);
  // Members' forms keep their own rows: Ana's hold and its note.
  expect(after.leads).toBe(1);
  expect(after.lead_notes).toBe(1);
  const people = (await read(PEOPLE_SQL)).map((row) => ({ ...row, forms: Number(row.forms) }));
  expect(people).toEqual(EXPECTED_PEOPLE);
  // The store reads them: a form's old link opens its person, with the timeline carried over.
  const ana = await store.personOf("B-AAAAAAAAA2");
  expect(ana?.id).toBe("N-AAAAAAAAA1");
  expect(ana?.state.firstResponseAt).toEqual(new Date("2026-11-01T10:05:00.000Z"));
  expect((await store.personEvents("N-AAAAAAAAA1")).map((event) => [event.kind, event.status ?? event.body, event.submissionId])).toEqual([
    ["status", "contacted", "C-AAAAAAAAA1"],
    ["note", "Called: wants mornings", "C-AAAAAAAAA1"],
    ["status", "intro-booked", "B-AAAAAAAAA2"],
  ]);
  expect(await store.personOf("H-AAAAAAAAA3")).toBeUndefined();
  expect(await store.personOf("C-ZZZZZZZZZ1")).toBeUndefined();
  expect((await store.leadStates(["H-AAAAAAAAA3"])).get("H-AAAAAAAAA3")?.status).toBe("contacted");
  // A new form of a grouped address joins its person.
  await store.insert({
    id: "C-AAAAAAAAA9",
    form: "contact",
    createdAt: new Date("2026-11-21T09:00:00.000Z"),
    payload: { name: "Ana", email: "Ana.Ruiz+again@gmail.com", message: "Again" },
    spam: null,
    notify: false,
  });
  expect((await store.personOf("C-AAAAAAAAA9"))?.id).toBe("N-AAAAAAAAA1");
}

describe("SQLite: migration 14 on a store of version 13", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test("the address key in SQL is the module's", () => {
    const db = new Database(":memory:");
    try {
      for (const address of ADDRESSES) {
        const row = db.prepare(`WITH t (a) AS (VALUES (?)) SELECT ${addressKeySql(SQLITE, "a")} AS key FROM t`).get(address) as {
          key: string;
        };
        expect([address, row.key]).toEqual([address, addressKey(address)]);
      }
    } finally {
      db.close();
    }
  });

  test("people formed, nothing lost", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-people-migration-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    const legacy = new Database(file);
    legacy.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= 13)) {
      legacy.exec(migration.sqlite);
      legacy.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-01-01T00:00:00.000Z");
    }
    for (const statement of SEED) legacy.exec(statement);
    const read: Read = async (query) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(query).all() as Array<Record<string, unknown>>;
      } finally {
        db.close();
      }
    };
    const before = await counts(read);
    legacy.close();
    const store = openSqliteStore(file);
    try {
      await checkMigrated("SQLite", before, read, store);
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: migration 14 on a store of version 13 (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  const client = async <T>(url: string, work: (client: Client) => Promise<T>): Promise<T> => {
    const connection = new Client({ connectionString: url });
    await connection.connect();
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };

  test("the address key in SQL is the module's", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    await client(url, async (db) => {
      for (const address of ADDRESSES) {
        const { rows } = await db.query<{ key: string }>(`SELECT ${addressKeySql(POSTGRES, "$1::text")} AS key`, [address]);
        expect([address, rows[0]?.key]).toEqual([address, addressKey(address)]);
      }
    });
  });

  test("people formed, nothing lost", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    await client(url, async (db) => {
      await db.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)");
      for (const migration of migrations.filter((m) => m.version <= 13)) {
        await db.query(migration.postgres);
        await db.query("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [migration.version, migration.name, "2026-01-01T00:00:00Z"]);
      }
      for (const statement of SEED) await db.query(statement.replace(/\\n/g, "\n"));
    });
    const read: Read = (query) => client(url, async (db) => (await db.query(query)).rows as Array<Record<string, unknown>>);
    const before = await counts(read);
    const store = await openPostgresStore(url);
    try {
      await checkMigrated("PostgreSQL", before, read, store);
    } finally {
      await store.close();
    }
  });
});
