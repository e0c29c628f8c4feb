import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openPostgresStore } from "../../../src/server/store/postgres";
import { openSqliteStore } from "../../../src/server/store/sqlite";
import { hitLimits } from "../../../src/server/rateLimit";
import type { NewSubmission, SubmissionStore } from "../../../src/server/store/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";

const at = (iso: string) => new Date(iso);

function submission(id: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at("2026-11-20T10:00:00Z"),
    payload: { name: "Ana", email: "ana@example.com", interest: "kids", message: "Hello, \"coach\"\nSecond line" },
    spam: null,
    notify: true,
    ...extra,
  };
}

/**
 * Two stores opened on the same database, as two server processes (or two function instances) would:
 * the rate limits they enforce together must be the limits, not twice them.
 */
async function limitsHoldAcrossProcesses(a: SubmissionStore, b: SubmissionStore) {
  const limits = (store: SubmissionStore) => ({
    perClient: store.rateLimiter({ keyPrefix: "client", points: 3, durationSeconds: 60 }),
    perForm: store.rateLimiter({ keyPrefix: "form", points: 5, durationSeconds: 60 }),
  });
  const [first, second] = [limits(a), limits(b)];
  const results = [];
  for (const limiter of [first, second, first, second]) results.push(await hitLimits(limiter, "contact", "203.0.113.9"));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3]).toMatchObject({ scope: "client", retryAfterSeconds: expect.any(Number) });
  // Other visitors are counted apart, until the whole form reaches its ceiling of 5.
  expect((await hitLimits(second, "contact", "198.51.100.7")).allowed).toBe(true);
  expect((await hitLimits(first, "contact", "198.51.100.8")).allowed).toBe(true);
  expect(await hitLimits(second, "contact", "198.51.100.9")).toMatchObject({ allowed: false, scope: "form" });
  // Each form has its own counts.
  expect((await hitLimits(first, "signup", "203.0.113.9")).allowed).toBe(true);
}

/** The same behaviour, checked against both stores. */
function storeContract(name: string, open: () => Promise<SubmissionStore | null>) {
  describe(name, () => {
    let store: SubmissionStore | null;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store?.close();
    });
    const s = () => {
      if (!store) throw new Error("no store");
      return store;
    };

    test("a submission reads back exactly as stored", async () => {
      if (!store) return;
      await s().insert(submission("C-1"));
      const read = await s().get("C-1");
      expect(read).toEqual({ id: "C-1", form: "contact", createdAt: at("2026-11-20T10:00:00Z"), payload: submission("C-1").payload, spam: null });
    });

    test("a reference is never stored twice", async () => {
      if (!store) return;
      await s().insert(submission("C-1"));
      await expect(s().insert(submission("C-1"))).rejects.toHaveProperty("message", expect.stringMatching(/UNIQUE constraint|duplicate key/));
      expect(await s().list()).toHaveLength(1);
      // The failed insert left no orphan outbox message behind.
      expect(await s().outbox()).toHaveLength(1);
    });

    test("list filters by form and date, oldest first, and leaves spam out unless asked", async () => {
      if (!store) return;
      await s().insert(submission("C-1", { createdAt: at("2026-11-01T09:00:00Z") }));
      await s().insert(submission("S-1", { form: "signup", createdAt: at("2026-11-10T09:00:00Z") }));
      await s().insert(submission("C-2", { createdAt: at("2026-11-15T09:00:00Z") }));
      await s().insert(submission("C-3", { spam: "honeypot", createdAt: at("2026-11-16T09:00:00Z") }));
      expect((await s().list()).map((x) => x.id)).toEqual(["C-1", "S-1", "C-2"]);
      expect((await s().list({ form: "contact" })).map((x) => x.id)).toEqual(["C-1", "C-2"]);
      expect((await s().list({ since: at("2026-11-10T00:00:00Z") })).map((x) => x.id)).toEqual(["S-1", "C-2"]);
      expect((await s().list({ includeSpam: true })).map((x) => x.id)).toEqual(["C-1", "S-1", "C-2", "C-3"]);
    });

    test("only real submissions that asked for it get a staff e-mail queued", async () => {
      if (!store) return;
      await s().insert(submission("C-1"));
      await s().insert(submission("C-2", { notify: false }));
      await s().insert(submission("C-3", { spam: "too-fast" }));
      expect((await s().outbox()).map((m) => m.submissionId)).toEqual(["C-1"]);
    });

    test("outbox: claim locks, sent is final, failures retry later and finally stay visible", async () => {
      if (!store) return;
      await s().insert(submission("C-1"));
      await s().insert(submission("C-2"));
      const now = at("2026-11-20T10:00:01Z");
      const first = await s().claimDue(now, 10, 60_000);
      expect(first.map((m) => m.submissionId)).toEqual(["C-1", "C-2"]);
      expect(first[0]?.submission.payload).toEqual(submission("C-1").payload);
      // Locked: a second sender gets nothing until the lock expires.
      expect(await s().claimDue(now, 10, 60_000)).toEqual([]);
      await s().markSent(first[0]!.id, now);
      await s().markFailed(first[1]!.id, "connect ECONNREFUSED", at("2026-11-20T10:05:00Z"));
      expect(await s().claimDue(at("2026-11-20T10:04:00Z"), 10, 60_000)).toEqual([]);
      const retry = await s().claimDue(at("2026-11-20T10:05:00Z"), 10, 60_000);
      expect(retry.map((m) => [m.submissionId, m.attempts, m.lastError])).toEqual([["C-2", 1, "connect ECONNREFUSED"]]);
      await s().markFailed(retry[0]!.id, "still down", null);
      const outbox = await s().outbox();
      expect(outbox.map((m) => [m.submissionId, m.status, m.attempts])).toEqual([
        ["C-1", "sent", 1],
        ["C-2", "failed", 2],
      ]);
      expect(await s().claimDue(at("2026-11-21T00:00:00Z"), 10, 60_000)).toEqual([]);
      expect(await s().retryFailed(at("2026-11-21T00:00:00Z"))).toBe(1);
      expect((await s().claimDue(at("2026-11-21T00:00:00Z"), 10, 60_000)).map((m) => m.submissionId)).toEqual(["C-2"]);
    });
  });
}

describe("SQLite store (a real database file)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-sqlite-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  storeContract("contract", async () => openSqliteStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gym-sqlite-")), "s.sqlite")));

  test("WAL journal, full sync, and migrations applied once", async () => {
    const file = path.join(dir, "nested", "submissions.sqlite");
    const store = openSqliteStore(file);
    await store.insert(submission("C-1"));
    await store.close();
    const again = openSqliteStore(file);
    expect(await again.get("C-1")).toBeDefined();
    await again.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.prepare("SELECT version, name FROM schema_migrations").all()).toEqual([
      { version: 1, name: "submissions and outbox" },
      { version: 2, name: "rate limits" },
      { version: 3, name: "intro bookings and visitor e-mails" },
    ]);
    db.close();
  });

  test("rate limits are counted in the file, shared by every process that opens it", async () => {
    const file = path.join(dir, "submissions.sqlite");
    const [a, b] = [openSqliteStore(file), openSqliteStore(file)];
    try {
      await limitsHoldAcrossProcesses(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test("a committed row survives the writer vanishing without closing", async () => {
    const file = path.join(dir, "submissions.sqlite");
    const store = openSqliteStore(file);
    await store.insert(submission("C-1"));
    // No close(): as if the process died right after answering.
    const reader = openSqliteStore(file);
    expect((await reader.list()).map((x) => x.id)).toEqual(["C-1"]);
    await reader.close();
    await store.close();
  });
});

describe("PostgreSQL store (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
    if (!pg) console.warn(`Skipping the PostgreSQL store tests: ${POSTGRES_MISSING}`);
  }, 60_000);
  afterAll(() => pg?.stop());

  storeContract("contract", async () => (pg ? openPostgresStore(await pg.createDatabase()) : null));

  test("migrations run once, even when two processes start together", async () => {
    if (!pg) return;
    const url = await pg.createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    await a.insert(submission("C-1"));
    expect(await b.get("C-1")).toBeDefined();
    await Promise.all([a.close(), b.close()]);
  });

  test("rate limits are counted in the database, shared by every instance", async () => {
    if (!pg) return;
    const url = await pg.createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      await limitsHoldAcrossProcesses(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
