import type { Kysely } from "kysely";
import type { FormStep, NewSeat } from "../forms/types";
import { queueMessage } from "../outbox/store";
import { hashToken, newToken } from "../staff/auth";
import type { Codec, Dialect } from "../store/dialect";
import { toDate, toDateOrNull, toSubmission } from "../store/rows";
import type { Database } from "../store/schema";
import { ClassFullError, TRIAL_MAILS_PER_HOUR, TRIAL_REMINDER_BEFORE_MS, TRIAL_REMINDER_MARGIN_MS, type TrialOperations } from "./types";

/**
 * Takes a seat in the class in `insert`'s transaction, or throws ClassFullError. The class's bookings
 * wait for each other on the class's lock (PostgreSQL; SQLite writes one at a time anyway), so the
 * count below sees every committed seat: a class never holds more active seats than it offers, even
 * after staff lower its seats. The seat's number is the lowest free one, and the unique index on active
 * (class, number) is the last word whatever the count saw.
 */
async function takeSeat(dialect: Dialect, trx: Kysely<Database>, id: string, seat: NewSeat, tokenHash: string): Promise<void> {
  const { codec } = dialect;
  const classStart = seat.classStart.toISOString();
  await dialect.lockSeat(trx, { classStart, email: seat.email });
  const held = await trx
    .selectFrom("kids_trials")
    .select("seat")
    .where("class_start", "=", codec.time(seat.classStart))
    .where("cancelled_at", "is", null)
    .execute();
  if (held.length >= seat.seats) throw new ClassFullError(classStart);
  const numbers = new Set(held.map((row) => Number(row.seat)));
  let number = 1;
  while (numbers.has(number)) number++;
  await trx
    .insertInto("kids_trials")
    .values({
      submission_id: id,
      class_start: codec.time(seat.classStart),
      class_end: codec.time(seat.classEnd),
      seat: number,
      email: seat.email,
      cancel_token_hash: tokenHash,
    })
    .execute()
    .catch((error: unknown) => {
      throw dialect.isSeatConflict(error) ? new ClassFullError(classStart) : error;
    });
}

/** Whether this address was sent TRIAL_MAILS_PER_HOUR trial confirmations in the hour before `at`: a stranger typing it cannot fill its inbox. */
async function mailedEnough(dialect: Dialect, trx: Kysely<Database>, email: string, at: Date): Promise<boolean> {
  const since = dialect.codec.time(new Date(at.getTime() - 3_600_000));
  const recent = await trx
    .selectFrom("outbox")
    .innerJoin("kids_trials", "kids_trials.submission_id", "outbox.submission_id")
    .select("outbox.id")
    .where("outbox.kind", "=", "trial-confirmation")
    .where("kids_trials.email", "=", email)
    .where("outbox.created_at", ">", since)
    .limit(TRIAL_MAILS_PER_HOUR)
    .execute();
  return recent.length >= TRIAL_MAILS_PER_HOUR;
}

/**
 * The reminder, due TRIAL_REMINDER_BEFORE_MS before the class, in the caller's transaction; none when
 * that is less than TRIAL_REMINDER_MARGIN_MS after `at` (the parent has just been told).
 */
async function queueTrialReminder(trx: Kysely<Database>, codec: Codec, id: string, classStart: Date, at: Date, cancelToken: string) {
  const dueAt = new Date(classStart.getTime() - TRIAL_REMINDER_BEFORE_MS);
  if (dueAt.getTime() < at.getTime() + TRIAL_REMINDER_MARGIN_MS) return;
  await queueMessage(trx, codec, id, "trial-reminder", at, { data: { cancelToken }, dueAt });
}

/**
 * The kids' trial class's part of storing its submission (forms/store.ts insert, in its transaction):
 * the seat is taken before anything is queued (ClassFullError refuses the whole submission), and once
 * the staff alert and the lead's webhook are queued the parent is mailed the booking, with its cancel
 * link, and reminded the day before.
 */
export function trialStep(dialect: Dialect): FormStep {
  const { codec } = dialect;
  return {
    async hold(trx, submission) {
      const { id, seat, createdAt } = submission;
      if (!seat) return undefined;
      // The raw token goes only into the mails; the store keeps its hash.
      const token = newToken();
      await takeSeat(dialect, trx, id, seat, hashToken(token));
      return async () => {
        if (!submission.confirm) return false;
        // The class's and the address's locks are held until the commit: two bookings by one address count each other.
        if (await mailedEnough(dialect, trx, seat.email, createdAt)) return false;
        await queueMessage(trx, codec, id, "trial-confirmation", createdAt, { data: { cancelToken: token } });
        await queueTrialReminder(trx, codec, id, seat.classStart, createdAt, token);
        return true;
      };
    },
  };
}

export function trialQueries(dialect: Dialect): TrialOperations {
  const { db, codec } = dialect;
  return {
    async takenSeats(from) {
      const rows = await db
        .selectFrom("kids_trials")
        .select(["class_start"])
        .select((eb) => eb.fn.countAll<number | string>().as("taken"))
        .where("cancelled_at", "is", null)
        .where("class_start", ">=", codec.time(from))
        .groupBy("class_start")
        .execute();
      return new Map(rows.map((row) => [toDate(row.class_start).toISOString(), Number(row.taken)]));
    },

    async trialSeats(from) {
      const rows = await db
        .selectFrom("kids_trials")
        .innerJoin("submissions", "submissions.id", "kids_trials.submission_id")
        .selectAll("submissions")
        .select(["class_start", "class_end", "seat", "cancelled_at"])
        .where("class_start", ">=", codec.time(from))
        .orderBy("class_start")
        .orderBy("seat")
        .execute();
      return rows.map((row) => ({
        classStart: toDate(row.class_start),
        classEnd: toDate(row.class_end),
        seat: Number(row.seat),
        cancelledAt: toDateOrNull(row.cancelled_at),
        submission: toSubmission(row, codec),
      }));
    },

    cancelTrialByToken(tokenHash, at) {
      const time = codec.time(at);
      return dialect.write(async (trx) => {
        // One UPDATE that names the token decides, so two presses of the link cancel once.
        const cancelled = await trx
          .updateTable("kids_trials")
          .set({ cancelled_at: time })
          .where("cancel_token_hash", "=", tokenHash)
          .where("cancelled_at", "is", null)
          .where("class_start", ">", time)
          .returning("submission_id")
          .executeTakeFirst();
        if (cancelled) {
          const id = cancelled.submission_id;
          // Mailed already (its link is how the parent got here): the cancellation goes. Unsent mails about the seat go nowhere.
          const told = await trx
            .selectFrom("outbox")
            .select("id")
            .where("submission_id", "=", id)
            .where("kind", "=", "trial-confirmation")
            .where("status", "in", ["sent", "failed"])
            .executeTakeFirst();
          await trx
            .deleteFrom("outbox")
            .where("submission_id", "=", id)
            .where("kind", "in", ["trial-confirmation", "trial-reminder"])
            .where("status", "in", ["pending", "failed"])
            .execute();
          if (told) await queueMessage(trx, codec, id, "trial-cancellation", at);
          return "cancelled";
        }
        const seat = await trx
          .selectFrom("kids_trials")
          .select("cancelled_at")
          .where("cancel_token_hash", "=", tokenHash)
          .executeTakeFirst();
        if (!seat) return "not-found";
        return seat.cancelled_at !== null ? "already-cancelled" : "past";
      });
    },
  };
}
