import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { accessReport } from "../../../../src/server/privacy/access";
import { deleteAll, deletionTargets } from "../../../../src/server/privacy/deletion";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { postgresAtVersion, sqliteAtVersion } from "../../../support/storeAtVersion";

/**
 * Migration 18 on a store of version 17 in which the owner had merged two people (as leads/merge.ts
 * did then: every line moved, nothing said whose): the survivor's lines from before the merge that no
 * form explains are not known to be either address's, so neither download holds them, the download
 * says the record was merged, and deleting either address takes them.
 */

/** One statement per line: Ana's home address merged into her work address's person before version 18. */
const SEED = [
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-WORKWORK01', 'contact', '2026-11-01T10:00:00.000Z', '{"name":"Ana","email":"ana@work.example","phone":"+12535550177","message":"Hi"}', NULL)`,
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-HOMEHOME01', 'contact', '2026-11-02T10:00:00.000Z', '{"name":"Ana","email":"ana@home.example","phone":"+12535550177","message":"Hi"}', NULL)`,
  `INSERT INTO people (id, created_at, status, updated_at, updated_by) VALUES ('N-WORKWORK01', '2026-11-01T10:00:00.000Z', 'contacted', '2026-11-03T10:00:00.000Z', 'owner@gym.example')`,
  `INSERT INTO person_keys (email_key, person_id) VALUES ('ana@work.example', 'N-WORKWORK01')`,
  `INSERT INTO person_keys (email_key, person_id) VALUES ('ana@home.example', 'N-WORKWORK01')`,
  `UPDATE submissions SET person_id = 'N-WORKWORK01'`,
  `INSERT INTO merged_people (id, person_id) VALUES ('N-HOMEHOME01', 'N-WORKWORK01')`,
  `INSERT INTO person_events (person_id, at, actor, kind, body) VALUES ('N-WORKWORK01', '2026-11-01T11:00:00.000Z', 'coach@gym.example', 'note', 'Work: wants mornings')`,
  `INSERT INTO person_events (person_id, at, actor, kind, body) VALUES ('N-WORKWORK01', '2026-11-02T11:00:00.000Z', 'coach@gym.example', 'note', 'Home: knee injury')`,
  `INSERT INTO person_events (person_id, at, actor, kind, body) VALUES ('N-WORKWORK01', '2026-11-03T10:00:00.000Z', 'owner@gym.example', 'merge', 'N-HOMEHOME01')`,
  `INSERT INTO person_events (person_id, at, actor, kind, body) VALUES ('N-WORKWORK01', '2026-11-04T10:00:00.000Z', 'owner@gym.example', 'note', 'Both hers')`,
];

async function checkMigrated(store: SubmissionStore) {
  for (const address of ["ana@work.example", "ana@home.example"]) {
    const person = (await accessReport(store, address)).people?.[0];
    expect(person?.merged).toMatch(/merged this record/);
    expect(person?.timeline.map((line) => line.text)).toEqual(["N-HOMEHOME01", "Both hers"]);
  }
  await deleteAll(store, await deletionTargets(store, { email: "ana@home.example" }), undefined, new Date("2026-11-05T10:00:00.000Z"));
  expect((await store.personEvents("N-WORKWORK01")).map((line) => line.body)).toEqual(["N-HOMEHOME01", "Both hers"]);
  expect((await store.personForms("N-WORKWORK01")).map((form) => form.id)).toEqual(["C-WORKWORK01"]);
}

describe("SQLite: migration 18 on a store of version 17", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test("a merge before it: lines nobody can tell apart are in neither download, and go with either address", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-line-origins-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    sqliteAtVersion(file, 17, SEED);
    const store = openSqliteStore(file);
    try {
      await checkMigrated(store);
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: migration 18 on a store of version 17 (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("a merge before it: lines nobody can tell apart are in neither download, and go with either address", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    await postgresAtVersion(url, 17, SEED);
    const store = await openPostgresStore(url);
    try {
      await checkMigrated(store);
    } finally {
      await store.close();
    }
  });
});
