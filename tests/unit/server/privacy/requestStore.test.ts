import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "../../../../src/server/store/migrations";
import { hashToken } from "../../../../src/server/staff/auth";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * A privacy request is acted on only for the person it concerns: the store mints a link for the address
 * in the request (keeping only the token's hash, with an expiry), spends it once, and lets the owner
 * record that they checked who it is another way. Each store against a real database.
 */

const at = (iso: string) => new Date(iso);
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const SENT_AT = at("2026-11-20T17:00:00.000Z");
const DAY = 86_400_000;

function privacyRequest(id: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "privacy-request",
    createdAt: SENT_AT,
    payload: { name: "Ana Ruiz", email: "ana@example.com", request: "deletion" },
    spam: null,
    notify: true,
    ...extra,
  };
}

const messagesOf = async (store: SubmissionStore, id: string) => (await store.outbox()).filter((m) => m.submissionId === id);

/** The raw token the request's mail carries (only the outbox holds it, until the mail is sent). */
async function tokenOf(store: SubmissionStore, id: string): Promise<string> {
  const token = (await messagesOf(store, id)).find((m) => m.kind === "privacy-confirm")?.data?.token;
  if (!token) throw new Error(`no link in ${id}'s mail`);
  return token;
}

function confirmationContract(name: string, open: () => Promise<SubmissionStore>) {
  describe(name, () => {
    let store: SubmissionStore | null = null;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store?.close();
      store = null;
    });
    const s = () => store as SubmissionStore;

    test("a real request gets a link: its hash and expiry in the store, the token only in its mail until sent, no staff alert yet", async () => {
      await s().insert(privacyRequest("P-1"));
      const [mail, ...others] = await messagesOf(s(), "P-1");
      expect(others).toEqual([]);
      expect(mail).toMatchObject({ kind: "privacy-confirm", status: "pending", data: { expiresAt: "2026-11-27T17:00:00.000Z" } });
      expect(mail?.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await s().requestConfirmations(["P-1", "P-NONE"])).toEqual(
        new Map([
          [
            "P-1",
            { expiresAt: at("2026-11-27T17:00:00.000Z"), confirmedAt: null, confirmedBy: null, mail: { status: "pending", sentAt: null } },
          ],
        ]),
      );
      for (const message of await s().claimDue(SENT_AT, 10, 60_000)) await s().markSent(message.id, later(SENT_AT, 5_000));
      expect((await messagesOf(s(), "P-1"))[0]).toMatchObject({ status: "sent", data: null });
      expect((await s().requestConfirmations(["P-1"])).get("P-1")?.mail).toEqual({ status: "sent", sentAt: later(SENT_AT, 5_000) });
    });

    test("spam gets no link and no mail; nor does a request while mail is not set up", async () => {
      await s().insert(privacyRequest("P-SPAM", { spam: "honeypot" }));
      await s().insert(privacyRequest("P-QUIET", { notify: false }));
      expect(await s().outbox()).toEqual([]);
      expect((await s().requestConfirmations(["P-SPAM", "P-QUIET"])).size).toBe(0);
    });

    test("the link confirms once, until it expires, and queues the staff alert then", async () => {
      await s().insert(privacyRequest("P-1"));
      await s().insert(privacyRequest("P-2"));
      const [one, two] = [hashToken(await tokenOf(s(), "P-1")), hashToken(await tokenOf(s(), "P-2"))];
      const confirmedAt = later(SENT_AT, 7 * DAY - 1);
      expect(await s().confirmRequest(one, confirmedAt, { notify: true })).toEqual({ state: "confirmed", reference: "P-1", confirmedAt });
      expect(await s().confirmRequest(one, later(confirmedAt, 60_000), { notify: true })).toEqual({
        state: "already-confirmed",
        reference: "P-1",
        confirmedAt,
      });
      expect((await messagesOf(s(), "P-1")).filter((m) => m.kind === "staff").map((m) => m.createdAt)).toEqual([confirmedAt]);
      expect((await s().requestConfirmations(["P-1"])).get("P-1")).toMatchObject({ confirmedAt, confirmedBy: "link" });
      // Seven days to the millisecond: too late.
      expect(await s().confirmRequest(two, later(SENT_AT, 7 * DAY), { notify: true })).toEqual({ state: "expired" });
      expect((await s().requestConfirmations(["P-2"])).get("P-2")?.confirmedAt).toBeNull();
      expect(await s().confirmRequest(hashToken("A".repeat(43)), SENT_AT, { notify: true })).toEqual({ state: "unknown" });
      expect((await s().outbox()).filter((m) => m.kind === "staff").map((m) => m.submissionId)).toEqual(["P-1"]);
    });

    test("without mail set up, a confirmation queues no staff alert", async () => {
      await s().insert(privacyRequest("P-1"));
      const token = await tokenOf(s(), "P-1");
      expect(await s().confirmRequest(hashToken(token), SENT_AT, { notify: false })).toMatchObject({ state: "confirmed" });
      expect((await messagesOf(s(), "P-1")).map((m) => m.kind)).toEqual(["privacy-confirm"]);
    });

    test("many clicks at once confirm once, with one staff alert", async () => {
      await s().insert(privacyRequest("P-1"));
      const hash = hashToken(await tokenOf(s(), "P-1"));
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => s().confirmRequest(hash, later(SENT_AT, i), { notify: true })),
      );
      expect(outcomes.filter((o) => o.state === "confirmed")).toHaveLength(1);
      expect(outcomes.filter((o) => o.state === "already-confirmed")).toHaveLength(7);
      expect((await messagesOf(s(), "P-1")).filter((m) => m.kind === "staff")).toHaveLength(1);
    });

    test("the owner records a check made another way, even after the link expired; only for a held, real privacy request", async () => {
      await s().insert(privacyRequest("P-1"));
      await s().insert(privacyRequest("P-QUIET", { notify: false }));
      await s().insert(privacyRequest("P-SPAM", { spam: "too-fast" }));
      await s().insert({ ...privacyRequest("C-1"), form: "contact", notify: false });
      const verifiedAt = later(SENT_AT, 30 * DAY);
      expect(await s().verifyRequest("P-1", "in-person", verifiedAt, { notify: true })).toEqual({
        state: "verified",
        confirmedAt: verifiedAt,
      });
      expect((await s().requestConfirmations(["P-1"])).get("P-1")).toMatchObject({ confirmedAt: verifiedAt, confirmedBy: "in-person" });
      expect(await s().verifyRequest("P-1", "phone", later(verifiedAt, 1), { notify: true })).toEqual({
        state: "already-confirmed",
        confirmedAt: verifiedAt,
        confirmedBy: "in-person",
      });
      // A request that never had a link (mail was not set up) can be verified too.
      expect(await s().verifyRequest("P-QUIET", "email", verifiedAt, { notify: false })).toEqual({
        state: "verified",
        confirmedAt: verifiedAt,
      });
      expect((await s().requestConfirmations(["P-QUIET"])).get("P-QUIET")).toMatchObject({
        expiresAt: null,
        confirmedBy: "email",
        mail: null,
      });
      expect(await s().verifyRequest("P-SPAM", "in-person", verifiedAt, { notify: true })).toEqual({ state: "spam" });
      expect(await s().verifyRequest("C-1", "in-person", verifiedAt, { notify: true })).toEqual({ state: "not-found" });
      expect(await s().verifyRequest("P-NONE", "in-person", verifiedAt, { notify: true })).toEqual({ state: "not-found" });
      expect((await s().outbox()).filter((m) => m.kind === "staff").map((m) => m.submissionId)).toEqual(["P-1"]);
    });

    test("a request restored from spam gets its link then; deleting a request takes its confirmation with it", async () => {
      await s().insert(privacyRequest("P-SPAM", { spam: "too-fast" }));
      const restoredAt = later(SENT_AT, DAY);
      expect(await s().restoreSpam("P-SPAM", true, restoredAt)).toBe(true);
      expect((await messagesOf(s(), "P-SPAM")).map((m) => [m.kind, m.data?.expiresAt])).toEqual([
        ["privacy-confirm", later(restoredAt, 7 * DAY).toISOString()],
      ]);
      expect(await s().deleteSubmissions(["P-SPAM"], { kind: "request", requestedBy: "staff" }, restoredAt)).toEqual(["P-SPAM"]);
      expect((await s().requestConfirmations(["P-SPAM"])).size).toBe(0);
    });
  });
}

describe("SQLite request confirmations (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const tempFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-confirm-"));
    dirs.push(dir);
    return path.join(dir, "s.sqlite");
  };
  confirmationContract("confirmations", async () => openSqliteStore(tempFile()));

  test("a database of the previous version keeps its outbox, ids counting on, and takes the new kind of message", async () => {
    const file = tempFile();
    const legacy = new Database(file);
    legacy.pragma("foreign_keys = ON");
    legacy.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= 5)) {
      legacy.exec(migration.sqlite);
      legacy.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-01-01T00:00:00.000Z");
    }
    legacy.exec(`
      INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('C-1', 'contact', '2026-11-01T00:00:00.000Z', '{"email":"a@example.com"}', NULL);
      INSERT INTO outbox (submission_id, kind, status, created_at, data) VALUES ('C-1', 'staff', 'sent', '2026-11-01T00:00:00.000Z', NULL);
      INSERT INTO outbox (submission_id, kind, status, created_at, data) VALUES ('C-1', 'webhook', 'pending', '2026-11-01T00:00:00.000Z', '{"event":"lead.created"}');
      INSERT INTO outbox (submission_id, kind, status, created_at, data) VALUES ('C-1', 'webhook', 'sent', '2026-11-01T00:00:00.000Z', NULL);
      DELETE FROM outbox WHERE id = 3;
    `);
    legacy.close();

    const store = openSqliteStore(file);
    try {
      expect((await store.outbox()).map((m) => [m.id, m.kind, m.status, m.data])).toEqual([
        [1, "staff", "sent", null],
        [2, "webhook", "pending", { event: "lead.created" }],
      ]);
      await store.insert(privacyRequest("P-1"));
      // Id 3 was used once: it is never given again.
      expect((await messagesOf(store, "P-1")).map((m) => [m.id, m.kind])).toEqual([[4, "privacy-confirm"]]);
    } finally {
      await store.close();
    }
    const db = new Database(file);
    try {
      expect(() => db.prepare("INSERT INTO outbox (submission_id, kind, created_at) VALUES ('C-1', 'postcard', 'x')").run()).toThrow(
        /CHECK/,
      );
      expect(() => db.prepare("INSERT INTO outbox (submission_id, kind, created_at) VALUES (NULL, 'privacy-confirm', 'x')").run()).toThrow(
        /CHECK/,
      );
      expect(() =>
        db.prepare("INSERT INTO request_confirmations (submission_id, confirmed_at, confirmed_by) VALUES ('C-1', 'x', 'a friend')").run(),
      ).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

describeWithPostgres("PostgreSQL request confirmations (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  confirmationContract("confirmations", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
