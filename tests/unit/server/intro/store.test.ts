import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { hashToken } from "../../../../src/server/staff/auth";
import { SlotTakenError } from "../../../../src/server/intro/types";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import introJson from "../../../../content/intro.json";
import siteJson from "../../../../content/site.json";
import { addDays, weekdayOf } from "../../../../src/content/dates";
import { zonedInstant } from "../../../../src/time/wallClock";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

const at = (iso: string) => new Date(iso);
const BOOKED_AT = at("2027-03-01T17:00:00Z");

/** A free-intro booking of `coach` at `start` by `email`, as the intro endpoint stores it. */
function booking(id: string, coach: string, start: string, email: string, createdAt = BOOKED_AT): NewSubmission {
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  return {
    id,
    form: "intro",
    createdAt,
    payload: { start, end, coach, name: "Ana", email },
    spam: null,
    notify: true,
    booking: { coach, start: at(start), end: at(end), email },
    confirm: true,
  };
}

const row = async (store: SubmissionStore, id: string, kind: string) =>
  (await store.outbox()).find((m) => m.submissionId === id && m.kind === kind);

/** The raw token the booking's mails carry (only the outbox holds it, until they are sent). */
async function tokenOf(store: SubmissionStore, id: string, kind = "confirmation"): Promise<string> {
  const token = (await row(store, id, kind))?.data?.cancelToken;
  if (!token) throw new Error(`no cancel token in ${id}'s ${kind}`);
  return token;
}

/** A booking's unsent reminders: which, when due, and the cancel token each carries. */
const reminders = async (store: SubmissionStore, id: string) =>
  (await store.outbox(["pending", "failed"]))
    .filter((m) => m.submissionId === id && m.kind === "reminder")
    .map((m) => [m.data?.reminder, m.nextAttemptAt, m.data?.cancelToken]);

async function sendAll(store: SubmissionStore, now: Date): Promise<void> {
  for (const message of await store.claimDue(now, 50, 60_000)) await store.markSent(message.id, now);
}

function introContract(name: string, open: () => Promise<SubmissionStore>) {
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

    test("a booking queues its reminders 24 hours and 2 hours before, with the confirmation's cancel token", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const token = await tokenOf(s(), "B-1");
      expect(await reminders(s(), "B-1")).toEqual([
        ["day-before", at("2027-03-04T18:00:00.000Z"), token],
        ["hours-before", at("2027-03-05T16:00:00.000Z"), token],
      ]);
      // Not due before its time, due at it.
      const due = async (time: string) => {
        const claimed = await s().claimDue(at(time), 10, 60_000);
        for (const m of claimed) await s().markSent(m.id, at(time));
        return claimed.filter((m) => m.kind === "reminder");
      };
      expect(await due("2027-03-04T17:59:59Z")).toEqual([]);
      expect((await due("2027-03-04T18:00:00Z")).map((m) => m.data?.reminder)).toEqual(["day-before"]);
      expect(await due("2027-03-05T15:59:59Z")).toEqual([]);
      expect((await due("2027-03-05T16:00:00Z")).map((m) => m.data?.reminder)).toEqual(["hours-before"]);
    });

    test("no day-before reminder for an intro booked less than 30 hours ahead: the confirmation is fresh", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-02T22:59:00.000Z", "ana@example.com"));
      expect(await row(s(), "B-1", "confirmation")).toBeDefined();
      expect((await reminders(s(), "B-1")).map(([which, dueAt]) => [which, dueAt])).toEqual([
        ["hours-before", at("2027-03-02T20:59:00.000Z")],
      ]);
      // 30 hours ahead: both.
      await s().insert(booking("B-2", "Marcus", "2027-03-02T23:00:00.000Z", "ben@example.com"));
      expect((await reminders(s(), "B-2")).map(([which]) => which)).toEqual(["day-before", "hours-before"]);
    });

    test("no reminder at all for an intro booked less than 4 hours ahead; from 4 hours, the one 2 hours before", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-01T20:59:00.000Z", "ana@example.com"));
      expect(await row(s(), "B-1", "confirmation")).toBeDefined();
      expect(await reminders(s(), "B-1")).toEqual([]);
      await s().insert(booking("B-2", "Marcus", "2027-03-01T21:00:00.000Z", "ben@example.com"));
      expect((await reminders(s(), "B-2")).map(([which, dueAt]) => [which, dueAt])).toEqual([
        ["hours-before", at("2027-03-01T19:00:00.000Z")],
      ]);
    });

    test("cancelling drops both reminders and tells a visitor who was mailed, with SEQUENCE raised", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      expect(await reminders(s(), "B-1")).toHaveLength(2);
      expect(await s().cancelBooking("B-1", at("2027-03-02T09:00:00Z"))).toBe("cancelled");
      expect(await row(s(), "B-1", "reminder")).toBeUndefined();
      expect((await row(s(), "B-1", "cancellation"))?.data).toEqual({ sequence: 1 });
      expect(await s().takenSlots(at("2027-03-01T00:00:00Z"))).toEqual([]);
      expect(await s().upcomingIntros(at("2027-03-01T00:00:00Z"))).toEqual([]);
    });

    test("a booking cancelled before its confirmation went is never mailed at all", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().cancelBooking("B-1", at("2027-03-01T17:01:00Z"));
      expect((await s().outbox()).map((m) => m.kind)).toEqual(["staff"]);
    });

    test("a new time moves the booking and its reminders, raises SEQUENCE and replaces the cancel token", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const oldToken = await tokenOf(s(), "B-1");
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      const slot = { coach: "Marcus", start: at("2027-03-08T16:00:00.000Z"), end: at("2027-03-08T16:30:00.000Z") };
      expect(await s().rescheduleBooking("B-1", slot, at("2027-03-02T09:00:00Z"))).toBe("rescheduled");

      const [intro] = await s().upcomingIntros(at("2027-03-01T00:00:00Z"));
      expect(intro).toMatchObject({ coach: "Marcus", start: slot.start, end: slot.end, sequence: 1, attendance: null });
      // Every reader of the payload (mails, the lead's page) sees the new time.
      expect(intro?.submission.payload).toMatchObject({
        coach: "Marcus",
        start: "2027-03-08T16:00:00.000Z",
        end: "2027-03-08T16:30:00.000Z",
      });
      const reschedule = await row(s(), "B-1", "reschedule");
      expect(reschedule?.data?.sequence).toBe(1);
      const newToken = await tokenOf(s(), "B-1", "reschedule");
      expect(newToken).not.toBe(oldToken);
      expect(await reminders(s(), "B-1")).toEqual([
        ["day-before", at("2027-03-07T16:00:00.000Z"), newToken],
        ["hours-before", at("2027-03-08T14:00:00.000Z"), newToken],
      ]);
      // The old time is free, the new one taken.
      expect((await s().takenSlots(at("2027-03-01T00:00:00Z"))).map((t) => [t.coach, t.start])).toEqual([["Marcus", slot.start]]);
      // The old mail's link no longer cancels anything; the new one does.
      expect(await s().cancelByToken(hashToken(oldToken), at("2027-03-03T09:00:00Z"))).toBe("not-found");
      expect(await s().cancelByToken(hashToken(newToken), at("2027-03-03T09:00:00Z"))).toBe("cancelled");
      expect((await row(s(), "B-1", "cancellation"))?.data).toEqual({ sequence: 2 });
    });

    test("a move before the confirmation went still tells the visitor of a later cancel", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const slot = { coach: "Marcus", start: at("2027-03-08T16:00:00.000Z"), end: at("2027-03-08T16:30:00.000Z") };
      // The unsent confirmation is replaced by the new-time mail, which is now what the visitor knows.
      expect(await s().rescheduleBooking("B-1", slot, at("2027-03-01T17:00:30Z"))).toBe("rescheduled");
      expect(await row(s(), "B-1", "confirmation")).toBeUndefined();
      await sendAll(s(), at("2027-03-01T17:01:00Z"));
      expect(await s().cancelBooking("B-1", at("2027-03-02T09:00:00Z"))).toBe("cancelled");
      expect((await row(s(), "B-1", "cancellation"))?.data).toEqual({ sequence: 2 });
    });

    test("a failed mail about the old booking goes with a cancel: no retry can send it later", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const [staff, confirmation] = await s().claimDue(at("2027-03-01T17:00:01Z"), 2, 60_000);
      await s().markSent(staff?.id ?? 0, at("2027-03-01T17:00:02Z"));
      await s().markFailed(confirmation?.id ?? 0, "451 mailbox busy", null);
      expect(await s().cancelBooking("B-1", at("2027-03-02T09:00:00Z"))).toBe("cancelled");
      expect(await row(s(), "B-1", "confirmation")).toBeUndefined();
      expect(await s().retryFailed(at("2027-03-02T09:01:00Z"))).toBe(0);
    });

    test("a move finding the booking cancelled moves nothing", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().cancelBooking("B-1", at("2027-03-01T18:00:00Z"));
      const slot = { coach: "Marcus", start: at("2027-03-08T16:00:00.000Z"), end: at("2027-03-08T16:30:00.000Z") };
      expect(await s().rescheduleBooking("B-1", slot, at("2027-03-01T18:01:00Z"))).toBe("cancelled");
      expect(await s().takenSlots(at("2027-03-01T00:00:00Z"))).toEqual([]);
      expect((await s().outbox(["pending"])).map((m) => m.kind)).not.toContain("reschedule");
    });

    test("retrying a reminder that is not due yet leaves it at its time", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const reminder = await row(s(), "B-1", "reminder");
      expect(await s().retryMessage(reminder?.id ?? 0, at("2027-03-01T18:00:00Z"))).toBe(false);
      expect((await row(s(), "B-1", "reminder"))?.nextAttemptAt).toEqual(at("2027-03-04T18:00:00.000Z"));
    });

    test("a new time onto another booking of that coach is refused and changes nothing", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().insert(booking("B-2", "Marcus", "2027-03-08T16:00:00.000Z", "ben@example.com"));
      const slot = { coach: "Marcus", start: at("2027-03-08T16:15:00.000Z"), end: at("2027-03-08T16:45:00.000Z") };
      await expect(s().rescheduleBooking("B-1", slot, at("2027-03-02T09:00:00Z"))).rejects.toBeInstanceOf(SlotTakenError);
      const [first] = await s().upcomingIntros(at("2027-03-01T00:00:00Z"));
      expect(first).toMatchObject({ coach: "Dana", start: at("2027-03-05T18:00:00.000Z"), sequence: 0 });
      expect(await row(s(), "B-1", "reschedule")).toBeUndefined();
      // A later time with its own coach is fine; cancelled and unknown bookings are not moved.
      const free = { coach: "Dana", start: at("2027-03-05T18:30:00.000Z"), end: at("2027-03-05T19:00:00.000Z") };
      expect(await s().rescheduleBooking("B-1", free, at("2027-03-02T09:00:00Z"))).toBe("rescheduled");
      await s().cancelBooking("B-2", at("2027-03-02T09:00:00Z"));
      expect(await s().rescheduleBooking("B-2", slot, at("2027-03-02T09:00:00Z"))).toBe("cancelled");
      expect(await s().rescheduleBooking("B-NOPE", slot, at("2027-03-02T09:00:00Z"))).toBe("not-found");
    });

    test("a visitor's token cancels only its own booking, once, and not after the intro began", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().insert(booking("B-2", "Dana", "2027-03-05T18:30:00.000Z", "ben@example.com"));
      await s().insert(booking("B-3", "Dana", "2027-03-02T16:00:00.000Z", "cy@example.com"));
      const [one, two, three] = [await tokenOf(s(), "B-1"), await tokenOf(s(), "B-2"), await tokenOf(s(), "B-3")];
      expect(await s().cancelByToken(hashToken(one), at("2027-03-02T09:00:00Z"))).toBe("cancelled");
      expect((await s().upcomingIntros(at("2027-03-01T00:00:00Z"))).map((b) => b.submission.id)).toEqual(["B-3", "B-2"]);
      expect(await s().cancelByToken(hashToken(one), at("2027-03-02T09:01:00Z"))).toBe("already-cancelled");
      expect(await s().cancelByToken(hashToken("x".repeat(43)), at("2027-03-02T09:01:00Z"))).toBe("not-found");
      expect(await s().cancelByToken(hashToken(three), at("2027-03-02T16:00:00Z"))).toBe("past");
      expect(await s().cancelByToken(hashToken(two), at("2027-03-02T16:00:00Z"))).toBe("cancelled");
      expect((await s().upcomingIntros(at("2027-03-01T00:00:00Z"))).map((b) => b.submission.id)).toEqual(["B-3"]);
    });

    test("an address that holds an intro and asks again is mailed the booking it holds, with a new link, at most once an hour", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const firstToken = await tokenOf(s(), "B-1");
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      // Asked again (by Ana, or by anyone typing her address): nothing booked, the request kept for staff.
      const again = (id: string, createdAt: Date): NewSubmission => ({
        id,
        form: "intro",
        createdAt,
        payload: { start: "2027-03-06T18:00:00.000Z", name: "Someone", email: "ana@example.com", note: "already had one" },
        spam: null,
        notify: true,
        confirm: true,
        alreadyBooked: { email: "ana@example.com" },
      });
      // Within the hour of her confirmation: she has just been told; nothing more goes to her.
      expect(await s().insert(again("B-2", at("2027-03-01T17:30:00Z")))).toEqual({ confirmationQueued: false });
      expect((await s().outbox(["pending"])).filter((m) => m.kind === "confirmation")).toEqual([]);
      expect(await s().insert(again("B-3", at("2027-03-01T19:00:00Z")))).toEqual({ confirmationQueued: true });
      const notice = (await s().outbox(["pending"])).find((m) => m.kind === "confirmation");
      // The mail is about B-1, the booking she holds, and carries a working link for it.
      expect(notice).toMatchObject({
        submissionId: "B-1",
        data: { sequence: 0, alreadyBooked: { askedStart: "2027-03-06T18:00:00.000Z" } },
      });
      const newToken = notice?.data?.cancelToken ?? "";
      expect(newToken).not.toBe(firstToken);
      // Her unsent reminders carry the new link too.
      expect((await reminders(s(), "B-1")).map(([, , token]) => token)).toEqual([newToken, newToken]);
      expect(await s().insert(again("B-4", at("2027-03-01T19:10:00Z")))).toEqual({ confirmationQueued: false });
      expect((await s().upcomingIntros(at("2027-03-01T00:00:00Z"))).map((b) => b.submission.id)).toEqual(["B-1"]);
      expect(await s().cancelByToken(hashToken(firstToken), at("2027-03-02T09:00:00Z"))).toBe("not-found");
      expect(await s().cancelByToken(hashToken(newToken), at("2027-03-02T09:00:00Z"))).toBe("cancelled");
    });

    test("a no-show puts the lead up for follow-up, one who came is at Came; attendance of a cancelled booking is refused", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().insert(booking("B-2", "Dana", "2027-03-05T18:30:00.000Z", "ben@example.com"));
      const context = { by: "coach@gym.example", at: at("2027-03-05T19:10:00Z"), followUpOn: "2027-03-05" };
      expect(await s().markAttendance("B-1", "no-show", context)).toBe("marked");
      expect(await s().markAttendance("B-2", "attended", context)).toBe("marked");
      const states = await s().leadStates(["B-1", "B-2"]);
      expect(states.get("B-1")).toMatchObject({ status: "intro-booked", followUpOn: "2027-03-05", updatedBy: "coach@gym.example" });
      expect(states.get("B-2")).toMatchObject({ status: "came", followUpOn: null, updatedBy: "coach@gym.example" });
      expect((await s().upcomingIntros(at("2027-03-01T00:00:00Z"))).map((b) => [b.submission.id, b.attendance])).toEqual([
        ["B-1", "no-show"],
        ["B-2", "attended"],
      ]);
      await s().cancelBooking("B-2", at("2027-03-05T19:11:00Z"));
      expect(await s().markAttendance("B-2", "attended", context)).toBe("cancelled");
      expect(await s().markAttendance("B-NOPE", "attended", context)).toBe("not-found");
    });

    test("a cancelled intro's lead comes up for a call that day, by whoever cancelled it", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const token = await tokenOf(s(), "B-1");
      expect(await s().cancelByToken(hashToken(token), at("2027-03-02T09:00:00Z"), { on: "2027-03-02", by: "visitor" })).toBe("cancelled");
      expect((await s().leadStates(["B-1"])).get("B-1")).toMatchObject({
        status: "intro-booked",
        followUpOn: "2027-03-02",
        updatedBy: "visitor",
      });
      // It is then in the list of what needs action (due today), not lost behind its Intro booked status.
      const action = await s().people({ view: "action", today: "2027-03-02", now: at("2027-03-02T09:00:00Z"), limit: 10 });
      expect(action.people.map((person) => person.submissions.at(-1)?.id)).toEqual(["B-1"]);
    });

    /** The booking's unsent offers of a new time: when each is due, and the morning it is for. */
    const offers = async (id: string) =>
      (await s().outbox(["pending", "failed"]))
        .filter((m) => m.submissionId === id && m.kind === "no-show-offer")
        .map((m) => [m.nextAttemptAt, m.data?.day]);
    const byCoach = (minutes: number) => ({
      by: "coach@gym.example",
      at: new Date(at("2027-03-05T18:00:00Z").getTime() + minutes * 60_000),
      followUpOn: "2027-03-05",
    });

    test("a no-show queues one offer of a new time for the next morning, at opening; Came takes it back", async () => {
      // Friday 10:00 at the gym: Saturday opens at 09:00 (17:00 UTC, Pacific Standard Time).
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      expect(await s().markAttendance("B-1", "no-show", byCoach(70))).toBe("marked");
      expect(await offers("B-1")).toEqual([[at("2027-03-06T17:00:00.000Z"), "2027-03-06"]]);
      // Marked twice: still one.
      expect(await s().markAttendance("B-1", "no-show", byCoach(71))).toBe("marked");
      expect(await offers("B-1")).toHaveLength(1);
      expect(await s().markAttendance("B-1", "attended", byCoach(72))).toBe("marked");
      expect(await offers("B-1")).toEqual([]);
      // Changed back again: the offer is queued again, still only one.
      expect(await s().markAttendance("B-1", "no-show", byCoach(73))).toBe("marked");
      expect(await offers("B-1")).toEqual([[at("2027-03-06T17:00:00.000Z"), "2027-03-06"]]);
    });

    test("once sent, an offer is never queued again, whatever the marks after", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      await s().markAttendance("B-1", "no-show", byCoach(70));
      await sendAll(s(), at("2027-03-06T17:00:00Z"));
      await s().markAttendance("B-1", "attended", { ...byCoach(0), at: at("2027-03-06T18:00:00Z") });
      await s().markAttendance("B-1", "no-show", { ...byCoach(0), at: at("2027-03-06T18:01:00Z") });
      expect(await offers("B-1")).toEqual([]);
      expect((await s().outbox()).filter((m) => m.kind === "no-show-offer").map((m) => m.status)).toEqual(["sent"]);
    });

    test("a Saturday no-show's offer goes on Monday at opening, the gym being closed on Sunday", async () => {
      // Saturday 09:00 at the gym; Monday opens at 05:00 (13:00 UTC).
      await s().insert(booking("B-1", "Jess", "2027-03-06T17:00:00.000Z", "ana@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      await s().markAttendance("B-1", "no-show", { ...byCoach(0), at: at("2027-03-06T17:40:00Z") });
      expect(await offers("B-1")).toEqual([[at("2027-03-08T13:00:00.000Z"), "2027-03-08"]]);
    });

    test("a holiday (a blackout for every coach) is passed over: the offer goes on the next open morning", async () => {
      // The first holiday of content/intro.json that follows an open weekday, and the first open day after it.
      const closed = introJson.blackouts.filter((b) => !("coach" in b)).map((b) => b.date);
      const opensOn = (date: string) => siteJson.hours.find((hours) => hours.days.includes(weekdayOf(date)))?.opens;
      const holiday = closed.find((date) => !closed.includes(addDays(date, -1)) && opensOn(addDays(date, -1)) === "05:00")!;
      const introDay = addDays(holiday, -1);
      let next = addDays(holiday, 1);
      while (closed.includes(next) || !opensOn(next)) next = addDays(next, 1);
      const start = zonedInstant(introDay, 10 * 60, siteJson.timeZone);
      await s().insert(booking("B-1", "Dana", start.toISOString(), "ana@example.com", new Date(start.getTime() - 7 * 86_400_000)));
      await sendAll(s(), new Date(start.getTime() - 7 * 86_400_000 + 1_000));
      await s().markAttendance("B-1", "no-show", { ...byCoach(0), at: new Date(start.getTime() + 3_600_000) });
      const [hours, minutes] = opensOn(next)!.split(":").map(Number) as [number, number];
      expect(await offers("B-1")).toEqual([[zonedInstant(next, hours * 60 + minutes, siteJson.timeZone), next]]);
    });

    test("marked during the next morning the offer goes at once; marked after it, the next open morning", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().insert(booking("B-2", "Marcus", "2027-03-05T18:00:00.000Z", "ben@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      // Saturday 10:00 at the gym, inside its morning (09:00 to its 11:00 close).
      await s().markAttendance("B-1", "no-show", { ...byCoach(0), at: at("2027-03-06T18:00:00Z") });
      expect(await offers("B-1")).toEqual([[at("2027-03-06T18:00:00.000Z"), "2027-03-06"]]);
      // Saturday 11:00, closed: Monday's morning.
      await s().markAttendance("B-2", "no-show", { ...byCoach(0), at: at("2027-03-06T19:00:00Z") });
      expect(await offers("B-2")).toEqual([[at("2027-03-08T13:00:00.000Z"), "2027-03-08"]]);
    });

    test("no offer to a visitor who was never mailed the booking", async () => {
      await s().insert({ ...booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"), confirm: false });
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      expect(await s().markAttendance("B-1", "no-show", byCoach(70))).toBe("marked");
      expect(await offers("B-1")).toEqual([]);
    });

    test("an offer stands until the mark changes, the person books again, or asks for deletion", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      await s().insert(booking("B-2", "Marcus", "2027-03-05T18:00:00.000Z", "ben@example.com"));
      await s().insert(booking("B-3", "Jess", "2027-03-05T18:00:00.000Z", "cy@example.com"));
      await sendAll(s(), at("2027-03-01T17:00:01Z"));
      for (const id of ["B-1", "B-2", "B-3"]) await s().markAttendance(id, "no-show", byCoach(70));
      expect(await s().noShowOfferStale("B-1")).toBeUndefined();
      await s().markAttendance("B-1", "attended", byCoach(71));
      expect(await s().noShowOfferStale("B-1")).toBe("the intro is no longer marked No-show");
      // Ben books again that evening, with a +tag of his address (the same person).
      await s().insert(booking("B-4", "Dana", "2027-03-09T18:00:00.000Z", "ben+gym@example.com", at("2027-03-05T20:00:00Z")));
      expect(await s().noShowOfferStale("B-2")).toBe("the person has booked again");
      // Cy asks, from a +tag of hers, for her data to be deleted (not yet confirmed, nor carried out).
      await s().insert({
        id: "P-CYCYCYCY01",
        form: "privacy-request",
        createdAt: at("2027-03-05T21:00:00Z"),
        payload: { name: "Cy", email: "Cy+x@example.com", request: "deletion", details: "" },
        spam: null,
        notify: true,
      });
      expect(await s().noShowOfferStale("B-3")).toBe("its person asked for their data to be deleted");
      await s().cancelBooking("B-4", at("2027-03-06T09:00:00Z"));
      expect(await s().noShowOfferStale("B-NONE")).toBe("its booking is gone");
    });

    test("Came and No-show are refused before the intro starts, and taken from its start", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const before = { by: "coach@gym.example", at: at("2027-03-05T17:59:59Z"), followUpOn: "2027-03-05" };
      expect(await s().markAttendance("B-1", "no-show", before)).toBe("not-started");
      expect(await s().markAttendance("B-1", "attended", before)).toBe("not-started");
      expect((await s().introOf("B-1"))?.attendance).toBeNull();
      // Nothing of the refused no-show reached the lead: no follow-up date.
      expect((await s().leadStates(["B-1"])).get("B-1")?.followUpOn).toBeNull();
      expect(await s().markAttendance("B-1", "attended", { ...before, at: at("2027-03-05T18:00:00Z") })).toBe("marked");
      expect((await s().introOf("B-1"))?.attendance).toBe("attended");
    });

    test("a booking moves its lead to Intro booked, by the visitor: never late, not yet answered by the gym", async () => {
      await s().insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      expect((await s().leadStates(["B-1"])).get("B-1")).toMatchObject({
        status: "intro-booked",
        updatedBy: "visitor",
        updatedAt: BOOKED_AT,
        firstResponseAt: null,
      });
      expect(await s().events("B-1")).toEqual([{ status: "intro-booked", actor: "visitor", at: BOOKED_AT }]);
      const intro = await s().introOf("B-1");
      expect(intro && { coach: intro.coach, start: intro.start, cancelledAt: intro.cancelledAt }).toEqual({
        coach: "Dana",
        start: at("2027-03-05T18:00:00.000Z"),
        cancelledAt: null,
      });
      expect(await s().introOf("C-NONE")).toBeUndefined();
    });
  });
}

describe("SQLite intro store (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  introContract("intros", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-intros-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL intro store (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  introContract("intros", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });

  // PostgreSQL runs the two side by side: a cancel that found its booking by the old link, and then
  // cancelled it by reference, would cancel the booking at its new time with a link the move replaced.
  test("a visitor's old link cannot cancel a booking that staff move while the cancel waits for it", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url);
    const staff = new Client({ connectionString: url });
    await staff.connect();
    try {
      await store.insert(booking("B-1", "Dana", "2027-03-05T18:00:00.000Z", "ana@example.com"));
      const oldToken = await tokenOf(store, "B-1");
      // The move has written the booking's new time and link, and not yet committed.
      await staff.query("BEGIN");
      await staff.query(
        `UPDATE intro_bookings SET starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day',
           sequence = sequence + 1, cancel_token_hash = $1 WHERE submission_id = 'B-1'`,
        [hashToken("moved".padEnd(43, "x"))],
      );
      const cancelling = store.cancelByToken(hashToken(oldToken), at("2027-03-02T09:00:00Z"));
      // The cancel is waiting for the moved row's lock (seen in PostgreSQL's own view, not waited for).
      await waitForLockWait(staff);
      await staff.query("COMMIT");
      expect(await cancelling).toBe("not-found");
      expect((await store.upcomingIntros(at("2027-03-01T00:00:00Z"))).map((b) => [b.submission.id, b.start])).toEqual([
        ["B-1", at("2027-03-06T18:00:00.000Z")],
      ]);
    } finally {
      await staff.end();
      await store.close();
    }
  });
});

/** Resolves once another session of the server waits for a lock; fails after 10 s. */
async function waitForLockWait(client: Client): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    if (Number(rows[0]?.waiting) > 0) return;
    if (Date.now() > end) throw new Error("no session came to wait for the lock");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
