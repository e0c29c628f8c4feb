import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { ClassFullError } from "../../../../src/server/kids/types";
import { hashToken } from "../../../../src/server/staff/auth";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";

/**
 * The kids' trial seats in the store (src/server/kids/store.ts), on a real SQLite file and a real
 * PostgreSQL: a class never holds more active seats than it offers, whoever races for the last one.
 */

const at = (iso: string) => new Date(iso);
const BOOKED_AT = at("2031-03-03T17:00:00Z");
/** Tuesday 2031-03-04 at 4:00 PM in Graham (PST), and the Saturday after at 10:00 AM. */
const TUESDAY = "2031-03-05T00:00:00.000Z";
const SATURDAY = "2031-03-08T18:00:00.000Z";
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

/** A parent's booking of a seat in the class at `start` (of `seats` seats), as the kids' trial endpoint stores it. */
function trial(id: string, start: string, email: string, seats = 3, extra: Partial<NewSubmission> = {}): NewSubmission {
  const end = minutesAfter(start, 45);
  return {
    id,
    form: "kids-trial",
    createdAt: BOOKED_AT,
    payload: {
      start,
      end: end.toISOString(),
      coach: "Jess",
      childName: "Mia",
      childAge: 7,
      name: "Ana Quill",
      email,
      phone: "+12535550100",
    },
    spam: null,
    notify: true,
    seat: { classStart: at(start), classEnd: end, seats, email },
    confirm: true,
    ...extra,
  };
}

const kinds = async (store: SubmissionStore) => (await store.outbox()).map((m) => [m.submissionId, m.kind]);

/** The cancel token queued with a seat's confirmation (the parent's link carries it). */
async function tokenOf(store: SubmissionStore, id: string): Promise<string> {
  const message = (await store.outbox()).find((m) => m.submissionId === id && m.kind === "trial-confirmation");
  const token = message?.data?.cancelToken;
  if (!token) throw new Error(`no cancel token queued for ${id}`);
  return token;
}

function trialContract(name: string, open: () => Promise<SubmissionStore>) {
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

    test("a class takes as many seats as it offers; the next is refused whole and leaves nothing behind", async () => {
      for (const [i, email] of ["a@example.com", "b@example.com", "c@example.com"].entries()) {
        await s().insert(trial(`K-${i}`, TUESDAY, email));
      }
      expect((await s().takenSeats(BOOKED_AT)).get(TUESDAY)).toBe(3);
      await expect(s().insert(trial("K-FULL", TUESDAY, "d@example.com"))).rejects.toBeInstanceOf(ClassFullError);
      expect(await s().get("K-FULL")).toBeUndefined();
      expect((await s().outbox()).map((m) => m.submissionId)).not.toContain("K-FULL");
      // Another class is counted apart.
      await s().insert(trial("K-SAT", SATURDAY, "d@example.com", 2));
      expect(Object.fromEntries(await s().takenSeats(BOOKED_AT))).toEqual({ [TUESDAY]: 3, [SATURDAY]: 1 });
      expect((await s().trialSeats(BOOKED_AT)).map((seat) => [seat.submission.id, seat.seat])).toEqual([
        ["K-0", 1],
        ["K-1", 2],
        ["K-2", 3],
        ["K-SAT", 1],
      ]);
    });

    test("seats lowered below the bookings: the class takes nobody more until it is under them", async () => {
      await s().insert(trial("K-1", TUESDAY, "a@example.com", 3));
      await s().insert(trial("K-2", TUESDAY, "b@example.com", 3));
      // Staff now offer one seat: two children stay booked, a third is refused although seat 3 was never taken.
      await expect(s().insert(trial("K-3", TUESDAY, "c@example.com", 1))).rejects.toBeInstanceOf(ClassFullError);
      await expect(s().insert(trial("K-4", TUESDAY, "c@example.com", 2))).rejects.toBeInstanceOf(ClassFullError);
      expect((await s().takenSeats(BOOKED_AT)).get(TUESDAY)).toBe(2);
    });

    test("the parent is mailed the booking with a cancel link and reminded the day before; spam takes no seat", async () => {
      expect(await s().insert(trial("K-1", TUESDAY, "a@example.com"))).toEqual({ confirmationQueued: true });
      // Booked less than six hours before the reminder would be due: the confirmation was just now.
      expect(await s().insert(trial("K-2", at("2031-03-04T20:00:00Z").toISOString(), "b@example.com"))).toEqual({
        confirmationQueued: true,
      });
      await s().insert(trial("K-3", TUESDAY, "c@example.com", 3, { spam: "honeypot", seat: undefined, confirm: undefined }));
      await s().insert(trial("K-4", SATURDAY, "d@example.com", 2, { notify: false, confirm: false }));
      expect(await kinds(s())).toEqual([
        ["K-1", "staff"],
        ["K-1", "trial-confirmation"],
        ["K-1", "trial-reminder"],
        ["K-2", "staff"],
        ["K-2", "trial-confirmation"],
      ]);
      const reminder = (await s().outbox()).find((m) => m.kind === "trial-reminder");
      expect(reminder?.nextAttemptAt).toEqual(at("2031-03-04T00:00:00.000Z"));
      expect(reminder?.data?.cancelToken).toBe(await tokenOf(s(), "K-1"));
      expect((await s().takenSeats(BOOKED_AT)).get(TUESDAY)).toBe(1);
    });

    test("an address is mailed three trial confirmations an hour at most (siblings, not a stranger's flood)", async () => {
      const results = [];
      for (const [i, start] of [TUESDAY, SATURDAY, TUESDAY, SATURDAY].entries()) {
        results.push(await s().insert(trial(`K-${i}`, start, "a@example.com")));
      }
      expect(results.map((r) => r.confirmationQueued)).toEqual([true, true, true, false]);
      // An hour later the address hears again.
      const later = trial("K-LATER", "2031-03-07T00:00:00.000Z", "a@example.com", 3, { createdAt: at("2031-03-03T18:00:01Z") });
      expect(await s().insert(later)).toEqual({ confirmationQueued: true });
    });

    test("the parent's link cancels only its own seat, once, before the class; the seat is free again", async () => {
      await s().insert(trial("K-1", TUESDAY, "a@example.com", 1));
      await s().insert(trial("K-2", SATURDAY, "b@example.com", 2));
      const token = await tokenOf(s(), "K-1");
      const saturdayToken = await tokenOf(s(), "K-2");
      // The confirmations went (their tokens with them); the reminders are still waiting.
      for (const message of await s().claimDue(at("2031-03-03T17:00:01Z"), 10, 60_000))
        await s().markSent(message.id, at("2031-03-03T17:00:02Z"));
      expect(await s().cancelTrialByToken(hashToken("x".repeat(43)), at("2031-03-03T18:00:00Z"))).toBe("not-found");
      expect(await s().cancelTrialByToken(hashToken(token), at("2031-03-03T18:00:00Z"))).toBe("cancelled");
      expect(await s().cancelTrialByToken(hashToken(token), at("2031-03-03T18:00:01Z"))).toBe("already-cancelled");
      // The reminder is dropped and the cancellation queued; K-2 is untouched.
      expect((await s().outbox(["pending"])).map((m) => [m.submissionId, m.kind])).toEqual([
        ["K-2", "trial-reminder"],
        ["K-1", "trial-cancellation"],
      ]);
      expect((await s().takenSeats(BOOKED_AT)).get(TUESDAY)).toBeUndefined();
      await s().insert(trial("K-3", TUESDAY, "c@example.com", 1, { createdAt: at("2031-03-03T18:05:00Z") }));
      expect(
        (await s().trialSeats(BOOKED_AT))
          .filter((seat) => seat.classStart.toISOString() === TUESDAY)
          .map((x) => [x.submission.id, x.seat, x.cancelledAt !== null]),
      ).toEqual([
        ["K-1", 1, true],
        ["K-3", 1, false],
      ]);
      // Once the class has begun, a link cancels nothing.
      expect(await s().cancelTrialByToken(hashToken(saturdayToken), at(SATURDAY))).toBe("past");
    });

    test("a cancel before the confirmation went drops it, and sends no cancellation", async () => {
      await s().insert(trial("K-1", TUESDAY, "a@example.com"));
      expect(await s().cancelTrialByToken(hashToken(await tokenOf(s(), "K-1")), at("2031-03-03T17:01:00Z"))).toBe("cancelled");
      expect(await kinds(s())).toEqual([["K-1", "staff"]]);
    });

    test("deleting the submission deletes its seat: no child's booking outlives the parent's data", async () => {
      await s().insert(trial("K-1", TUESDAY, "a@example.com", 1));
      expect(await s().deleteSubmissions(["K-1"], { kind: "request", requestedBy: "P-7K3M9QX2PA" }, at("2031-03-03T18:00:00Z"))).toEqual([
        "K-1",
      ]);
      expect(await s().trialSeats(BOOKED_AT)).toEqual([]);
      await s().insert(trial("K-2", TUESDAY, "b@example.com", 1));
    });

    test("ten parents sent together for the last seat: exactly one is stored", async () => {
      await s().insert(trial("K-0", TUESDAY, "first@example.com", 2));
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => s().insert(trial(`K-${i + 1}`, TUESDAY, `parent${i}@example.com`, 2))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof ClassFullError)).toHaveLength(9);
      expect((await s().list({ form: "kids-trial" })).map((x) => x.id)).toHaveLength(2);
      expect((await s().takenSeats(BOOKED_AT)).get(TUESDAY)).toBe(2);
    });
  });
}

describe("SQLite kids' trial seats (a real file)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-kids-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  trialContract("contract", async () => openSqliteStore(path.join(dir, `s${n++}.sqlite`)));
});

describeWithPostgres("PostgreSQL kids' trial seats (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  const server = () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return pg;
  };

  trialContract("contract", async () => openPostgresStore(await server().createDatabase()));

  test("ten parents in two processes race for a class's last seat: the database lets exactly one through", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      await a.insert(trial("K-0", TUESDAY, "first@example.com", 3));
      await b.insert(trial("K-00", TUESDAY, "second@example.com", 3));
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).insert(trial(`K-${i + 1}`, TUESDAY, `parent${i}@example.com`, 3))),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof ClassFullError)).toHaveLength(9);
      expect((await a.trialSeats(BOOKED_AT)).map((seat) => seat.seat)).toEqual([1, 2, 3]);
      // Each winner mailed once, no loser queued anything.
      expect((await b.outbox()).filter((m) => m.kind === "trial-confirmation")).toHaveLength(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
