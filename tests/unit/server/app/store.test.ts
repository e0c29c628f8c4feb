import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { hitClientLimit, hitFormCeiling, returnBookingPoint, sweepLimits, takeBookingPoint } from "../../../../src/server/http/rateLimit";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { AlreadyBookedError, SlotTakenError } from "../../../../src/server/intro/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

const at = (iso: string) => new Date(iso);

/** Polls until the condition holds (a real timer is running), for at most five seconds. */
async function waitFor(condition: () => boolean): Promise<void> {
  const end = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function submission(id: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at("2026-11-20T10:00:00Z"),
    payload: { name: "Ana", email: "ana@example.com", interest: "kids", message: 'Hello, "coach"\nSecond line' },
    spam: null,
    notify: true,
    ...extra,
  };
}

/** A free-intro booking of `coach` at `start` by `email`, as the intro endpoint stores it. */
function booking(id: string, coach: string, start: string, email = "ana@example.com", extra: Partial<NewSubmission> = {}): NewSubmission {
  const end = new Date(Date.parse(start) + 30 * 60_000);
  return submission(id, {
    form: "intro",
    payload: { start, end: end.toISOString(), coach, name: "Ana", email },
    booking: { coach, start: at(start), end, email },
    confirm: true,
    ...extra,
  });
}

const kinds = async (store: SubmissionStore) => (await store.outbox()).map((m) => [m.submissionId, m.kind]);

/**
 * Two stores opened on the same database, as two server processes (or two function instances) would:
 * the rate limits they enforce together must be the limits, not twice them.
 */
/** Small limits, counted in a store: 3 per client, 5 per form a minute, 2 bookings a day. */
const limits = (store: SubmissionStore) => ({
  perClient: store.rateLimiter({ keyPrefix: "client", points: 3, durationSeconds: 60 }),
  perForm: store.rateLimiter({ keyPrefix: "form", points: 5, durationSeconds: 60 }),
  bookingsPerClient: store.rateLimiter({ keyPrefix: "bookings", points: 2, durationSeconds: 86_400 }),
});

async function limitsHoldAcrossProcesses(a: SubmissionStore, b: SubmissionStore) {
  const [first, second] = [limits(a), limits(b)];
  const results = [];
  for (const limiter of [first, second, first, second]) results.push(await hitClientLimit(limiter, "contact", "203.0.113.9"));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3]).toMatchObject({ scope: "client", retryAfterSeconds: expect.any(Number) });
  // Other visitors are counted apart; each form has its own counts.
  expect((await hitClientLimit(second, "contact", "198.51.100.7")).allowed).toBe(true);
  expect((await hitClientLimit(first, "signup", "203.0.113.9")).allowed).toBe(true);
  // The form's ceiling of 5 accepted submissions is shared by both processes.
  const ceiling = [];
  for (const limiter of [first, second, first, second, first, second]) ceiling.push(await hitFormCeiling(limiter, "contact"));
  expect(ceiling.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
  expect(ceiling[5]).toMatchObject({ scope: "form", retryAfterSeconds: expect.any(Number) });
  expect((await hitFormCeiling(first, "signup")).allowed).toBe(true);
  // A booking takes its point first, from either process; a booking that did not happen gives it back.
  expect(await takeBookingPoint(first, "203.0.113.9")).toBe(true);
  await returnBookingPoint(first, "203.0.113.9");
  expect(await takeBookingPoint(second, "203.0.113.9")).toBe(true);
  expect(await takeBookingPoint(first, "203.0.113.9")).toBe(true);
  expect(await takeBookingPoint(second, "203.0.113.9")).toBe(false);
  expect(await takeBookingPoint(first, "198.51.100.7")).toBe(true);
  // Taken together, as requests sent at once take them: no more than the day's points pass.
  const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => takeBookingPoint(i % 2 ? first : second, "192.0.2.1")));
  expect(raced.filter(Boolean)).toHaveLength(2);
}

/** The same behaviour, checked against both stores. */
function storeContract(name: string, open: () => Promise<SubmissionStore>) {
  describe(name, () => {
    let store: SubmissionStore | null = null;
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
      await s().insert(submission("C-1"));
      const read = await s().get("C-1");
      expect(read).toEqual({
        id: "C-1",
        form: "contact",
        createdAt: at("2026-11-20T10:00:00Z"),
        payload: submission("C-1").payload,
        spam: null,
      });
    });

    test("a reference is never stored twice", async () => {
      await s().insert(submission("C-1"));
      await expect(s().insert(submission("C-1"))).rejects.toHaveProperty(
        "message",
        expect.stringMatching(/UNIQUE constraint|duplicate key/),
      );
      expect(await s().list()).toHaveLength(1);
      // The failed insert left no orphan outbox message behind.
      expect(await s().outbox()).toHaveLength(1);
    });

    test("list filters by form and date, oldest first, and leaves spam out unless asked", async () => {
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
      await s().insert(submission("C-1"));
      await s().insert(submission("C-2", { notify: false }));
      await s().insert(submission("C-3", { spam: "too-fast" }));
      expect((await s().outbox()).map((m) => m.submissionId)).toEqual(["C-1"]);
    });

    test("one active booking per coach and start: a second one fails and leaves nothing behind", async () => {
      await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"));
      await expect(s().insert(booking("B-2", "Dana", "2026-11-24T18:00:00.000Z", "ben@example.com"))).rejects.toBeInstanceOf(
        SlotTakenError,
      );
      expect(await s().get("B-2")).toBeUndefined();
      expect((await s().outbox()).map((m) => m.submissionId)).not.toContain("B-2");
      // Another coach at the same time, and the same coach half an hour later, are other slots.
      await s().insert(booking("B-3", "Marcus", "2026-11-24T18:00:00.000Z", "cy@example.com"));
      await s().insert(booking("B-4", "Dana", "2026-11-24T18:30:00.000Z", "di@example.com"));
      expect((await s().takenSlots(at("2026-11-24T00:00:00Z"))).map((t) => [t.coach, t.start.toISOString()]).sort()).toEqual([
        ["Dana", "2026-11-24T18:00:00.000Z"],
        ["Dana", "2026-11-24T18:30:00.000Z"],
        ["Marcus", "2026-11-24T18:00:00.000Z"],
      ]);
      // Only bookings that have not ended by the given time.
      expect(await s().takenSlots(at("2026-11-24T18:30:00Z"))).toEqual([
        { coach: "Dana", start: at("2026-11-24T18:30:00.000Z"), end: at("2026-11-24T19:00:00.000Z") },
      ]);
    });

    test("cancelling frees the slot for someone else; the booking stays listed as cancelled", async () => {
      await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"));
      expect(await s().cancelBooking("B-1", at("2026-11-21T09:00:00Z"))).toBe("cancelled");
      expect(await s().cancelBooking("B-1", at("2026-11-21T09:00:00Z"))).toBe("already-cancelled");
      expect(await s().cancelBooking("B-NOPE", at("2026-11-21T09:00:00Z"))).toBe("not-found");
      expect(await s().takenSlots(at("2026-11-24T00:00:00Z"))).toEqual([]);
      await s().insert(booking("B-2", "Dana", "2026-11-24T18:00:00.000Z", "ben@example.com"));
      const listed = await s().bookings(at("2026-11-24T00:00:00Z"));
      expect(listed.map((b) => [b.submission.id, b.coach, b.start.toISOString(), b.cancelledAt?.toISOString() ?? null])).toEqual([
        ["B-1", "Dana", "2026-11-24T18:00:00.000Z", "2026-11-21T09:00:00.000Z"],
        ["B-2", "Dana", "2026-11-24T18:00:00.000Z", null],
      ]);
      expect(listed[1]?.submission.payload.email).toBe("ben@example.com");
    });

    test("a booking overlapping one of the same coach is refused, whatever its start", async () => {
      // Booked when slots were 30 minutes from 10:00; staff then moved the window to start at 10:15.
      await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"));
      await expect(s().insert(booking("B-2", "Dana", "2026-11-24T18:15:00.000Z", "ben@example.com"))).rejects.toBeInstanceOf(
        SlotTakenError,
      );
      await s().insert(booking("B-3", "Dana", "2026-11-24T18:30:00.000Z", "ben@example.com"));
    });

    test("one upcoming booking per address; after it ends, or once cancelled, the address may book again", async () => {
      await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"));
      await expect(s().insert(booking("B-2", "Marcus", "2026-11-25T18:00:00.000Z"))).rejects.toBeInstanceOf(AlreadyBookedError);
      expect(await s().get("B-2")).toBeUndefined();
      // Made after the first intro ended (its createdAt is later than B-1's end).
      await s().insert(booking("B-3", "Marcus", "2026-12-01T18:00:00.000Z", "ana@example.com", { createdAt: at("2026-11-24T19:00:00Z") }));
      await s().cancelBooking("B-3", at("2026-11-24T19:05:00Z"));
      await s().insert(booking("B-4", "Marcus", "2026-12-02T18:00:00.000Z", "ana@example.com", { createdAt: at("2026-11-24T19:10:00Z") }));
    });

    test("cancelling drops a confirmation not yet sent, and only that", async () => {
      await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"));
      await s().cancelBooking("B-1", at("2026-11-20T10:01:00Z"));
      expect(await kinds(s())).toEqual([["B-1", "staff"]]);
    });

    test("fifty bookings of one slot sent together: exactly one is stored", async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => s().insert(booking(`B-${i}`, "Dana", "2026-11-24T18:00:00.000Z", `v${i}@example.com`))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof SlotTakenError)).toHaveLength(49);
      expect(await s().list({ form: "intro" })).toHaveLength(1);
    });

    test("a visitor confirmation is mailed at most once an hour per address, never for spam", async () => {
      expect(await s().insert(booking("B-1", "Dana", "2026-11-24T18:00:00.000Z"))).toEqual({ confirmationQueued: true });
      for (const message of await s().claimDue(at("2026-11-20T10:00:01Z"), 10, 60_000))
        await s().markSent(message.id, at("2026-11-20T10:00:02Z"));
      // Cancelled and booked again within the hour: staff hear of it, the address is not mailed again.
      await s().cancelBooking("B-1", at("2026-11-20T10:30:00Z"));
      const again = booking("B-2", "Dana", "2026-11-24T18:30:00.000Z", "ana@example.com", { createdAt: at("2026-11-20T10:59:00Z") });
      expect(await s().insert(again)).toEqual({ confirmationQueued: false });
      await s().cancelBooking("B-2", at("2026-11-20T10:59:30Z"));
      const later = booking("B-3", "Dana", "2026-11-24T19:00:00.000Z", "ana@example.com", { createdAt: at("2026-11-20T11:00:01Z") });
      expect(await s().insert(later)).toEqual({ confirmationQueued: true });
      await s().insert(booking("B-4", "Dana", "2026-11-24T19:30:00.000Z", "ben@example.com", { spam: "too-fast" }));
      await s().insert(booking("B-5", "Marcus", "2026-11-24T19:30:00.000Z", "cy@example.com", { notify: false, confirm: false }));
      // B-1's visitor, who was mailed it, hears it is cancelled; each booking mailed gets its reminders.
      expect(await kinds(s())).toEqual([
        ["B-1", "staff"],
        ["B-1", "confirmation"],
        ["B-1", "cancellation"],
        ["B-2", "staff"],
        ["B-3", "staff"],
        ["B-3", "confirmation"],
        ["B-3", "reminder"],
        ["B-3", "reminder"],
      ]);
      const due = await s().claimDue(at("2026-11-20T11:00:02Z"), 10, 60_000);
      expect(due[3]).toMatchObject({ kind: "confirmation", submission: { id: "B-3", payload: { coach: "Dana" } } });
    });

    test("outbox: a sign-in link is claimed before mail queued earlier, then the rest in order", async () => {
      const now = at("2026-11-20T10:00:01Z");
      await s().insert(submission("C-1"));
      await s().insert(submission("C-2"));
      await s().requestSignIn("owner@gym.example", now);
      const order: Array<string | null> = [];
      for (let message = (await s().claimDue(now, 1, 60_000))[0]; message; message = (await s().claimDue(now, 1, 60_000))[0]) {
        order.push(message.kind === "sign-in" ? "sign-in" : message.submissionId);
      }
      expect(order).toEqual(["sign-in", "C-1", "C-2"]);
    });

    test("outbox: claim locks, sent is final, failures retry later and finally stay visible", async () => {
      await s().insert(submission("C-1"));
      await s().insert(submission("C-2"));
      const now = at("2026-11-20T10:00:01Z");
      const first = await s().claimDue(now, 10, 60_000);
      expect(first.map((m) => m.submissionId)).toEqual(["C-1", "C-2"]);
      expect(first[0]?.submission?.payload).toEqual(submission("C-1").payload);
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

    test("outbox: one message retried by id is due now, failed or waiting; a sent or unknown one is not", async () => {
      for (const id of ["C-1", "C-2", "C-3"]) await s().insert(submission(id));
      const [sent, failed, waiting] = await s().claimDue(at("2026-11-20T10:00:01Z"), 10, 60_000);
      await s().markSent(sent!.id, at("2026-11-20T10:00:02Z"));
      await s().markFailed(failed!.id, "550 refused", null);
      await s().markFailed(waiting!.id, "connect ECONNREFUSED", at("2026-11-20T12:00:00Z"));
      const now = at("2026-11-20T10:30:00Z");
      expect(await s().claimDue(now, 10, 60_000)).toEqual([]);
      expect(await s().retryMessage(failed!.id, now)).toBe(true);
      expect(await s().retryMessage(sent!.id, now)).toBe(false);
      expect(await s().retryMessage(999_999, now)).toBe(false);
      expect((await s().claimDue(now, 10, 60_000)).map((m) => [m.submissionId, m.attempts])).toEqual([["C-2", 1]]);
      expect(await s().retryMessage(waiting!.id, now)).toBe(true);
      expect((await s().claimDue(now, 10, 60_000)).map((m) => m.submissionId)).toEqual(["C-3"]);
      expect((await s().outbox(["sent"])).map((m) => m.submissionId)).toEqual(["C-1"]);
    });

    test("a form sent again the browser's way with the same fields is the first send; long after, a new one", async () => {
      const first = await s().insert(submission("C-1", { fingerprint: "f1" }));
      expect(first.repeatOf).toBeUndefined();
      const again = await s().insert(submission("C-2", { fingerprint: "f1", createdAt: at("2026-11-20T10:05:00Z") }));
      expect(again).toEqual({ confirmationQueued: false, repeatOf: "C-1" });
      expect(await s().get("C-2")).toBeUndefined();
      // Only the first one's staff e-mail is queued.
      expect(await kinds(s())).toEqual([["C-1", "staff"]]);
      // Other fields, or no fingerprint (the page's script sent it), are other sends.
      expect((await s().insert(submission("C-3", { fingerprint: "f2" }))).repeatOf).toBeUndefined();
      expect((await s().insert(submission("C-4"))).repeatOf).toBeUndefined();
      // A day later the same words are a new message, and the old row lets go of the fingerprint.
      expect((await s().insert(submission("C-5", { fingerprint: "f1", createdAt: at("2026-11-21T10:00:00Z") }))).repeatOf).toBeUndefined();
      expect((await s().insert(submission("C-6", { fingerprint: "f1", createdAt: at("2026-11-21T10:01:00Z") }))).repeatOf).toBe("C-5");
      // Kept only while a repeat could come: that send let go of every older fingerprint.
      expect((await s().insert(submission("C-7", { fingerprint: "f2", createdAt: at("2026-11-21T10:02:00Z") }))).repeatOf).toBeUndefined();
    });

    test("a lead's source is read as the forms check it now: a landing path or utm value kept before is shown clean", async () => {
      // Written straight to the store, as a row kept before the landing path was checked for what is not text.
      const source = {
        landingPage: "/=1+1\u202egnp.exe\u001b[31m",
        referrerHost: "www.google.com",
        utmSource: "face\u202ebook",
        utmMedium: null,
        utmCampaign: "open-house",
      };
      await s().insert(submission("C-1", { source }));
      const shown = {
        landingPage: null,
        referrerHost: "www.google.com",
        utmSource: "facebook",
        utmMedium: null,
        utmCampaign: "open-house",
      };
      expect(await s().leadSource("C-1")).toEqual(shown);
      const { people } = await s().people({ view: "all", today: "2026-11-20", now: new Date("2026-11-20T12:00:00Z"), limit: 10 });
      expect(people.map((person) => person.source)).toEqual([shown]);
    });

    test("a form's confirmation page opens with its own key only, for an hour; a repeat moves it to the repeat's key", async () => {
      const sent = at("2026-11-20T10:00:00Z");
      const fresh = at("2026-11-20T09:30:00Z");
      await s().insert(submission("C-1", { fingerprint: "f1", sentKeyHash: "k1" }));
      await s().insert(submission("C-2", { sentKeyHash: "k2", spam: "honeypot" }));
      await s().insert(submission("C-3"));
      expect((await s().sentWithKey("C-1", "k1", fresh))?.payload).toEqual(submission("C-1").payload);
      // Spam is answered as a real send is.
      expect((await s().sentWithKey("C-2", "k2", fresh))?.id).toBe("C-2");
      // Another send's key, a guessed one, none at all, or a key older than the window: nothing.
      expect(await s().sentWithKey("C-1", "k2", fresh)).toBeUndefined();
      expect(await s().sentWithKey("C-1", "guess", fresh)).toBeUndefined();
      expect(await s().sentWithKey("C-3", "", fresh)).toBeUndefined();
      expect(await s().sentWithKey("C-1", "k1", new Date(sent.getTime() + 1))).toBeUndefined();
      // The same send again is given its own key for the first row; the first key no longer opens it.
      const again = await s().insert(submission("C-4", { fingerprint: "f1", sentKeyHash: "k4", createdAt: at("2026-11-20T10:05:00Z") }));
      expect(again.repeatOf).toBe("C-1");
      expect((await s().sentWithKey("C-1", "k4", fresh))?.id).toBe("C-1");
      expect(await s().sentWithKey("C-1", "k1", fresh)).toBeUndefined();
    });

    test("a send held as spam is never the one a real send repeats", async () => {
      await s().insert(submission("C-1", { fingerprint: "f1", spam: "honeypot" }));
      const real = await s().insert(submission("C-2", { fingerprint: "f1", createdAt: at("2026-11-20T10:01:00Z") }));
      expect(real.repeatOf).toBeUndefined();
      expect(await s().get("C-2")).toBeDefined();
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
      { version: 4, name: "deletion log, accepted waivers, look-up by e-mail" },
      { version: 5, name: "staff console: accounts, sessions, lead status and notes, audit log, outbox for every message" },
      { version: 6, name: "privacy requests confirmed by their person: confirmation links" },
      { version: 7, name: "a form posted twice without JavaScript is kept once: submission fingerprints" },
      { version: 8, name: "lead history: every status change with when and who, and each lead's first response" },
      { version: 9, name: "where each lead came from: landing page, referring host and utm values" },
      { version: 10, name: "replies from the console with templates, reminders of new leads, the morning digest" },
      { version: 11, name: "known devices: browsers a staff member has signed in on" },
      { version: 12, name: "a form sent without JavaScript shows what it stored only to its sender: submission sent keys" },
      { version: 13, name: "kids' trial classes: a parent books a child a seat in a kids class" },
      { version: 14, name: "people: one record per person across their forms, with the pipeline, answers and one timeline" },
      { version: 15, name: "each staff account's new-lead e-mails: on, or off since when" },
      { version: 16, name: "sign-in codes: each request for a sign-in e-mail, bound to the browser that asked" },
      { version: 17, name: "each staff account's coach name on the free intros, for its own list of intros" },
      { version: 18, name: "whose a timeline line and an address key were before the owner merged two people" },
      { version: 19, name: "an instant answer to each contact, sign-up and drop-in form, in words the owner edits" },
      { version: 20, name: "an intro's reminder 2 hours before, and one offer of a new time after a missed intro" },
      { version: 21, name: "payments: Stripe's webhook events, each recorded once, on the sign-up or drop-in they pay for" },
      { version: 22, name: "texts through Twilio: the consent ledger, each text in and out, the outbox's text kind" },
      { version: 23, name: "texts from the console: SMS templates beside the reply templates, the staff's alert of a text" },
      { version: 24, name: "when each number was last texted, kept for the consent ledger's period" },
      { version: 25, name: "a STOP outlives the number's ledger, as a hash of the number" },
    ]);
    db.close();
  });

  test("opening a database already up to date takes no write lock: the site's writes never wait on the CLI's open", async () => {
    const file = path.join(dir, "open-beside", "submissions.sqlite");
    await openSqliteStore(file).close();
    // The site, mid-write, holds the lock longer than the newcomer would wait.
    const site = new Database(file);
    site.exec("BEGIN IMMEDIATE");
    try {
      const beside = openSqliteStore(file, { busyTimeoutMs: 20 });
      expect(await beside.staffAccounts()).toEqual([]);
      await beside.close();
    } finally {
      site.exec("COMMIT");
      site.close();
    }
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

  test("expired rate-limit counts are swept, and a sweep that fails does not stop the next ones", async () => {
    const file = path.join(dir, "submissions.sqlite");
    const store = openSqliteStore(file);
    const counted = limits(store);
    await hitClientLimit(counted, "contact", "203.0.113.9");
    const db = new Database(file);
    const rows = () => (db.prepare("SELECT count(*) AS n FROM rate_limits").get() as { n: number }).n;
    // Expired two hours ago: past the hour the sweep keeps.
    db.prepare("UPDATE rate_limits SET expire = ?").run(Date.now() - 7_200_000);
    // The table is away, so the first sweeps fail; the log says so, once a sweep.
    db.exec("ALTER TABLE rate_limits RENAME TO rate_limits_away");
    const logged: string[] = [];
    const stop = sweepLimits(counted, 20, (line) => logged.push(line));
    try {
      await waitFor(() => logged.length >= 2);
      expect(logged[0]).toMatch(/^Could not delete expired rate-limit counts; trying again later: .*no such table/);
      db.exec("ALTER TABLE rate_limits_away RENAME TO rate_limits");
      expect(rows()).toBe(1);
      await waitFor(() => rows() === 0);
    } finally {
      stop();
      db.close();
      await store.close();
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

describeWithPostgres("PostgreSQL store (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  const server = () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return pg;
  };

  storeContract("contract", async () => openPostgresStore(await server().createDatabase()));

  test("the same form sent twice at once by two processes is stored once (a double tap without JavaScript)", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      const sends = Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).insert(submission(`C-${i}`, { fingerprint: "same" })));
      const results = await Promise.all(sends);
      const stored = results.filter((result) => !result.repeatOf);
      expect(stored).toHaveLength(1);
      expect(new Set(results.map((result) => result.repeatOf).filter(Boolean)).size).toBe(1);
      expect(await a.list()).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test("two processes booking one slot at once: the database lets exactly one through", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).insert(booking(`B-${i}`, "Dana", "2026-11-24T18:00:00.000Z", `v${i}@example.com`)),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof SlotTakenError)).toHaveLength(19);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test("two processes booking different slots for one address at once: one booking, one confirmation", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      const coaches = ["Dana", "Marcus", "Jess", "Sam"];
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).insert(
            booking(`B-${i}`, coaches[i % 4] as string, `2026-11-${24 + Math.floor(i / 4)}T18:00:00.000Z`, "ana@example.com"),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof AlreadyBookedError)).toHaveLength(11);
      expect((await a.outbox()).filter((m) => m.kind === "confirmation")).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test("migrations run once, even when two processes start together", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    await a.insert(submission("C-1"));
    expect(await b.get("C-1")).toBeDefined();
    await Promise.all([a.close(), b.close()]);
  });

  test("expired rate-limit counts are swept, and a sweep that fails does not stop the next ones", async () => {
    const url = await server().createDatabase();
    const store = await openPostgresStore(url);
    const counted = limits(store);
    await hitClientLimit(counted, "contact", "203.0.113.9");
    const db = new Client({ connectionString: url });
    await db.connect();
    const rows = async (table = "rate_limits") => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
    // Expired two hours ago: past the hour the sweep keeps.
    await db.query("UPDATE rate_limits SET expire = $1", [Date.now() - 7_200_000]);
    // The table is away, so the first sweeps fail; the log says so, once a sweep.
    await db.query("ALTER TABLE rate_limits RENAME TO rate_limits_away");
    const logged: string[] = [];
    const stop = sweepLimits(counted, 20, (line) => logged.push(line));
    try {
      await waitFor(() => logged.length >= 2);
      expect(logged[0]).toMatch(/^Could not delete expired rate-limit counts; trying again later: .*42P01.*does not exist/);
      // Counted while the table is away: once it is back, the next sweep (20 ms) may already clear it.
      expect(await rows("rate_limits_away")).toBe(1);
      await db.query("ALTER TABLE rate_limits_away RENAME TO rate_limits");
      // Swept by a later round, with nothing started again.
      const end = Date.now() + 5_000;
      while ((await rows()) !== 0) {
        if (Date.now() > end) throw new Error("the expired count was not swept within 5 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
      await db.end();
      await store.close();
    }
  }, 30_000);

  test("rate limits are counted in the database, shared by every instance", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      await limitsHoldAcrossProcesses(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
