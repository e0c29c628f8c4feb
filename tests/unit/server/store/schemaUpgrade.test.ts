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
 * A gym's database made by any earlier release: opened by this one, it is brought up to the newest
 * schema with what it held kept, and works as a new one does. Every older version, on both databases
 * (the step from version 5 in detail: privacy/requestStore.test.ts).
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
