import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { STORE_RETRY_AFTER_SECONDS } from "../../../../src/server/http/pipeline";
import { processState } from "../../../../src/server/process/state";
import { hashToken, newToken } from "../../../../src/server/staff/auth";
import { STAFF_ROUTES } from "../../../../src/server/app/staff";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { contactSubmission } from "../../../support/submissions";
import { describeWithPostgres } from "../../support/postgres";
import { askStaffRoute, type Answer } from "../../support/staffRequest";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * The staff guard's answer when the store is busy or out of reach in the middle of a route (the store
 * opened, then a write waited past its busy timeout, or PostgreSQL went away): 503 with Retry-After and
 * words that say to try again, as the public forms answer, never a 500 that reads as a fault.
 */
const NOW = new Date("2026-11-25T20:00:00Z");
const OWNER = "owner@gym.example";

/** POST /api/staff/accounts {add a coach} as the owner, through the guard, as the server runs it. */
function addCoach(session: string, email: string): Promise<Answer> {
  return post(session, "accounts", { action: "add", email, role: "coach" });
}

/** A POST to a staff route as the owner, through the guard, as the server runs it. */
function post(session: string, route: keyof typeof STAFF_ROUTES, body: Record<string, unknown>): Promise<Answer> {
  return askStaffRoute(route, STAFF_ROUTES[route], { session, body }, NOW);
}

/** Signs the owner in on `store`, makes it the process's store; returns the session's token. */
async function serve(store: SubmissionStore): Promise<string> {
  const session = newToken();
  await store.addStaff(OWNER, "owner", NOW);
  await store.createSession(hashToken(session), OWNER, NOW);
  processState().store = Promise.resolve(store);
  return session;
}

function expectTryAgain(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.headers["retry-after"]).toBe(String(STORE_RETRY_AFTER_SECONDS));
  expect((answer.body as { error: string }).error).toMatch(/try again in a minute/i);
}

let errors: jest.SpyInstance;
beforeEach(() => {
  // The guard's one log line per failure: kept out of the test's output, and looked at.
  errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
  processState().store = undefined;
});

describe("SQLite: a write that waits past the busy timeout", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-staff-guard-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("is a 503 with Retry-After while another connection holds the write lock, and goes through after", async () => {
    const file = path.join(dir, "submissions.sqlite");
    const store = openSqliteStore(file);
    try {
      const session = await serve(store);
      // Another process (the CLI, a second server) holds the write lock longer than the site waits.
      const other = new Sqlite(file);
      other.pragma("busy_timeout = 5000");
      other.exec("BEGIN IMMEDIATE");
      try {
        expectTryAgain(await addCoach(session, "coach@gym.example"));
        expect(errors.mock.calls.flat().join("\n")).toMatch(/\/api\/staff\/accounts: the store is busy or out of reach/);
      } finally {
        other.exec("COMMIT");
        other.close();
      }
      const answer = await addCoach(session, "coach@gym.example");
      expect(answer.status).toBe(200);
      expect(await store.staffAccount("coach@gym.example")).toMatchObject({ role: "coach" });
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: the server restarting", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("is a 503 with Retry-After while it is down, and the next request after goes through", async () => {
    if (!pg?.pause || !pg.resume) {
      if (!pg) throw new Error(POSTGRES_MISSING);
      return console.warn("TEST_DATABASE_URL's server cannot be restarted by the test: skipped");
    }
    const store = await openPostgresStore(await pg.createDatabase());
    try {
      const session = await serve(store);
      pg.pause();
      try {
        expectTryAgain(await addCoach(session, "coach@gym.example"));
      } finally {
        pg.resume();
      }
      expect((await addCoach(session, "coach@gym.example")).status).toBe(200);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe("a body nested deeper than any form's", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-staff-deep-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("is a 400 on every staff route, the sign-in's included, never a 500 from a walk that runs out of stack", async () => {
    const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
    try {
      const session = await serve(store);
      // What JSON.parse makes of "[[[[...]]]]" sent 200,000 deep (about 400 kB, under the body limit).
      let deep: unknown = "x";
      for (let i = 0; i < 200_000; i++) deep = [deep];
      for (const route of ["lead", "sign-in"] as const) {
        const answer = await post(session, route, { id: "C-DEEP0000001", note: deep });
        expect([answer.status, answer.body]).toEqual([400, { error: expect.stringMatching(/nested too deeply/) }]);
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: staff text holding a NUL or half an emoji", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("is refused with a 422 that says what to do, before the store is asked to keep it", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const store = await openPostgresStore(await pg.createDatabase());
    try {
      const session = await serve(store);
      await store.insert(contactSubmission("C-NULNOTE001"));
      for (const body of [
        { id: "C-NULNOTE001", note: "Called\u0000 her back" },
        { id: "C-NULNOTE001", action: "reply", subject: "Hello", text: "See you\u0000 soon" },
      ]) {
        const answer = await post(session, "lead", body);
        expect([answer.status, answer.body]).toEqual([422, { error: expect.stringMatching(/cannot be saved \(a NUL\)/) }]);
      }
      // Half of a surrogate pair (an emoji cut in two): PostgreSQL's JSON refuses it as a 500 otherwise.
      for (const body of [
        { id: "C-NULNOTE001", note: "Called her back \ud83d" },
        { id: "C-NULNOTE001", action: "reply", subject: "Hello \ude00", text: "See you soon" },
      ]) {
        const answer = await post(session, "lead", body);
        expect([answer.status, answer.body]).toEqual([422, { error: expect.stringMatching(/cannot be saved \(half of an emoji\)/) }]);
      }
      expect(await store.notes("C-NULNOTE001")).toEqual([]);
      // The same note without it is kept, and so is a whole emoji.
      expect((await post(session, "lead", { id: "C-NULNOTE001", note: "Called her back" })).status).toBe(200);
      expect((await post(session, "lead", { id: "C-NULNOTE001", note: "Booked \ud83d\ude00" })).status).toBe(200);
      expect((await store.notes("C-NULNOTE001")).map((note) => note.body).sort()).toEqual(["Booked \ud83d\ude00", "Called her back"]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
