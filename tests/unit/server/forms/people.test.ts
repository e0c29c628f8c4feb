import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * Filing a sales form under its person (forms/people.ts) when several forms of one new address arrive at
 * once (on PostgreSQL from two processes on one database): one person, every form under them.
 */

const contact = (id: string, email: string): NewSubmission => ({
  id,
  form: "contact",
  createdAt: new Date("2026-11-20T12:00:00Z"),
  payload: { name: "Ana", email, message: "Hi" },
  spam: null,
  notify: false,
});

/** Sixteen forms of one address never seen before (written several ways: one key), half from each store. */
async function sendTogether(a: SubmissionStore, b: SubmissionStore) {
  const addresses = ["ana.ruiz@gmail.com", "anaruiz+a@gmail.com", "a.n.a.ruiz@googlemail.com", "anaruiz@gmail.com"];
  const results = await Promise.allSettled(
    Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).insert(contact(`C-TOGETHER${i}`, addresses[i % 4] as string))),
  );
  expect(results.filter((result) => result.status === "rejected")).toEqual([]);
  const people = new Set(await Promise.all(Array.from({ length: 16 }, async (_, i) => (await a.personOf(`C-TOGETHER${i}`))?.id)));
  expect(people.size).toBe(1);
  const [person] = [...people];
  expect(person).toMatch(/^N-/);
  expect(await a.personForms(person!)).toHaveLength(16);
}

// SQLite's writes take turns on the file; a second store in this one process would only wait on itself.
test("SQLite: forms of one new address at once: one person", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-file-person-"));
  const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
  try {
    await sendTogether(store, store);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describeWithPostgres("PostgreSQL: filing forms under people (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("two processes, forms of one new address at once: one person", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      await sendTogether(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
