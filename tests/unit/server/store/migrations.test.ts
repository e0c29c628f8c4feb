import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { migrations } from "../../../../src/server/store/migrations";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { contactSubmission } from "../../../support/submissions";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * A shipped migration never changes: a gym's database ran it as it was, and a store made since must end
 * up the same. Each version's SQL for each database, whitespace aside, is pinned by its SHA-256 (the
 * first 16 hex digits). These are the texts of the releases that shipped them; when the migrations
 * were rewritten once for both databases (src/server/store/migrations/), each text came out equal to
 * the one it replaced. A new migration adds its line here.
 */
const SHIPPED: ReadonlyArray<[version: number, sqlite: string, postgres: string]> = [
  [1, "321d2b7287e47226", "87ea6b7694441d5d"],
  [2, "66170f022dbc4e4b", "90144bd4b19e07f7"],
  [3, "8c7069bed0911ca2", "2af1613effa0693d"],
  [4, "1f62dca90876ebe6", "43c8421fe28e94cd"],
  [5, "fb5b4c9ff4d0cc16", "b94ea88793eba079"],
  [6, "f12006dfa2632245", "96aae7207bcd37c3"],
  [7, "4dfc8f4c90bdb379", "4dfc8f4c90bdb379"],
  [8, "04581b8f28282533", "5ef95f513bf7fd35"],
  [9, "7d8abfcf0b599192", "7d8abfcf0b599192"],
  [10, "24bde52b5dd2f8e2", "334e62d5b606df7a"],
  [11, "7d3105d9dcc31268", "71977bb8cbe04300"],
  [12, "6a248da7e665ce9f", "6a248da7e665ce9f"],
  [13, "af698aac84b6012f", "7db9caf2e624679c"],
  [14, "e435f8016d7916e8", "467daf985940733d"],
  [15, "1da60dacfad19e29", "9df5091d3511505a"],
  [16, "281c655554339e1c", "6c4b526f5447442a"],
  [17, "118a37b289c5b93a", "118a37b289c5b93a"],
  [18, "d38ca909c2ee95e0", "d38ca909c2ee95e0"],
  [19, "aaad0d4caa652b49", "8971308cc2335731"],
  [20, "bd120aac279d18aa", "2226c24e8fb709cc"],
  [21, "98ea9b5872282b1b", "7c93d4059cd4eb70"],
  [22, "0cbaf4beb65b5021", "c26eccaa4aeb8e04"],
  [23, "5b3aa1ce7c716f46", "426862955a9ac8aa"],
  [24, "f8f4d86655207e4c", "761239ce2f067699"],
  [25, "f4a4fa55b7340936", "e18a61d3e545c6da"],
];

const normalized = (sql: string) => sql.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim();
const digest = (sql: string) => createHash("sha256").update(normalized(sql)).digest("hex").slice(0, 16);

test("versions count up from 1 without a gap", () => {
  expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
});

test.each(SHIPPED)("migration %i reads as it shipped, on SQLite and on PostgreSQL", (version, sqlite, postgres) => {
  const migration = migrations.find((m) => m.version === version);
  expect(migration && { sqlite: digest(migration.sqlite), postgres: digest(migration.postgres) }).toEqual({ sqlite, postgres });
});

test("every migration is pinned", () => {
  expect(migrations.map((m) => m.version)).toEqual(SHIPPED.map(([version]) => version));
});

/**
 * A gym's database made by any earlier release: opened by this one, it is brought up to the newest
 * schema with what it held kept, and works as a new one does. Every older version, on both databases
 * (the step from version 5 in detail: tests/unit/server/privacy/requestStore.test.ts).
 */
const LATEST = Math.max(...migrations.map((m) => m.version));
const OLDER = migrations.map((m) => m.version).filter((version) => version < LATEST);
/** A lead as the first release stored it: every version since has kept these columns. */
const OLD_LEAD = {
  sqlite: `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-OLD', 'contact', '2026-01-02T03:04:05.000Z', '{"name":"Ana Ruiz","email":"ana@example.com","interest":"kids","message":"Hello"}', NULL);`,
  postgres: `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-OLD', 'contact', '2026-01-02T03:04:05.000Z', '{"name":"Ana Ruiz","email":"ana@example.com","interest":"kids","message":"Hello"}', NULL);`,
};

async function expectUpToDate(store: SubmissionStore, applied: () => Promise<number[]>) {
  expect(await applied()).toEqual(migrations.map((m) => m.version));
  expect(await store.get("C-OLD")).toMatchObject({
    id: "C-OLD",
    form: "contact",
    createdAt: new Date("2026-01-02T03:04:05.000Z"),
    payload: { email: "ana@example.com" },
  });
  expect((await store.findByEmail("ana@example.com")).map((s) => s.id)).toEqual(["C-OLD"]);
  // Works as a new database does: a new lead, its e-mail queued, and a lead's status.
  await store.insert(contactSubmission("C-NEW"));
  expect((await store.outbox()).filter((m) => m.submissionId === "C-NEW").map((m) => m.kind)).toEqual(["staff"]);
  expect(await store.updateLead("C-OLD", { status: "contacted" }, "owner@gym.example", new Date())).toBeTruthy();
}

describe("SQLite: a database of every older version", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test.each(OLDER)("version %i is brought up to date, its leads kept", async (version) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-upgrade-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    const legacy = new Database(file);
    legacy.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= version)) {
      legacy.exec(migration.sqlite);
      legacy.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-01-01T00:00:00.000Z");
    }
    legacy.exec(OLD_LEAD.sqlite);
    legacy.close();

    const store = openSqliteStore(file);
    try {
      await expectUpToDate(store, async () => {
        const db = new Database(file, { readonly: true });
        try {
          return (db.prepare("SELECT version FROM schema_migrations ORDER BY version").all() as Array<{ version: number }>).map(
            (r) => r.version,
          );
        } finally {
          db.close();
        }
      });
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: a database of every older version (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test.each(OLDER)("version %i is brought up to date, its leads kept", async (version) => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const legacy = new Client({ connectionString: url });
    await legacy.connect();
    try {
      await legacy.query(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)",
      );
      for (const migration of migrations.filter((m) => m.version <= version)) {
        await legacy.query(migration.postgres);
        await legacy.query("INSERT INTO schema_migrations VALUES ($1, $2, $3)", [
          migration.version,
          migration.name,
          "2026-01-01T00:00:00Z",
        ]);
      }
      await legacy.query(OLD_LEAD.postgres);
    } finally {
      await legacy.end();
    }

    const store = await openPostgresStore(url);
    try {
      await expectUpToDate(store, async () => {
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version")).rows.map(
            (r) => r.version,
          );
        } finally {
          await client.end();
        }
      });
    } finally {
      await store.close();
    }
  });
});
