import type { Kysely, Selectable } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { type SubmissionRow, toDate, toDateOrNull, toSubmission } from "../store/rows";
import type { Database, IntroBookingsTable } from "../store/schema";
import type { NewBooking } from "../forms/types";
import { AlreadyBookedError, type Booking, type BookingOperations, CONFIRMATION_INTERVAL_MS, SlotTakenError } from "./types";

/** A booking's row joined with its submission's, as the staff's calendar reads it. */
export type BookingRow = SubmissionRow & Pick<Selectable<IntroBookingsTable>, "coach" | "starts_at" | "ends_at" | "cancelled_at">;

export function toBooking(row: BookingRow, codec: Codec): Booking {
  return {
    coach: row.coach,
    start: toDate(row.starts_at),
    end: toDate(row.ends_at),
    cancelledAt: toDateOrNull(row.cancelled_at),
    submission: toSubmission(row, codec),
  };
}

/**
 * Takes a booking's slot in `insert`'s transaction, or throws SlotTakenError (the coach is booked at an
 * overlapping time) or AlreadyBookedError (the address holds an intro that has not ended by `createdAt`).
 */
export async function takeSlot(
  dialect: Dialect,
  trx: Kysely<Database>,
  submissionId: string,
  booking: NewBooking,
  createdAt: Date,
  cancelTokenHash: string,
): Promise<void> {
  const { codec } = dialect;
  await dialect.lockBooking(trx, booking);
  const [start, end] = [codec.time(booking.start), codec.time(booking.end)];
  // Overlap, not just the same start: staff may change the slot length or move a window after bookings exist.
  const busy = await trx
    .selectFrom("intro_bookings")
    .select("submission_id")
    .where("coach", "=", booking.coach)
    .where("cancelled_at", "is", null)
    .where("starts_at", "<", end)
    .where("ends_at", ">", start)
    .limit(1)
    .executeTakeFirst();
  if (busy) throw new SlotTakenError(booking.coach, booking.start);
  const booked = await trx
    .selectFrom("intro_bookings")
    .select("submission_id")
    .where("email", "=", booking.email)
    .where("cancelled_at", "is", null)
    .where("ends_at", ">", codec.time(createdAt))
    .limit(1)
    .executeTakeFirst();
  if (booked) throw new AlreadyBookedError();
  // The unique index on active (coach, start) is the last word, whatever the checks above saw.
  await trx
    .insertInto("intro_bookings")
    .values({
      submission_id: submissionId,
      coach: booking.coach,
      starts_at: start,
      ends_at: end,
      email: booking.email,
      cancel_token_hash: cancelTokenHash,
    })
    .execute()
    .catch((error: unknown) => {
      throw dialect.isSlotConflict(error) ? new SlotTakenError(booking.coach, booking.start) : error;
    });
}

/** Whether a confirmation was queued for this address within CONFIRMATION_INTERVAL_MS before `createdAt`. */
export async function confirmedRecently(dialect: Dialect, trx: Kysely<Database>, email: string, createdAt: Date): Promise<boolean> {
  const since = dialect.codec.time(new Date(createdAt.getTime() - CONFIRMATION_INTERVAL_MS));
  const recent = await trx
    .selectFrom("outbox")
    .innerJoin("intro_bookings", "intro_bookings.submission_id", "outbox.submission_id")
    .select("outbox.id")
    .where("outbox.kind", "=", "confirmation")
    .where("intro_bookings.email", "=", email)
    .where("outbox.created_at", ">", since)
    .limit(1)
    .executeTakeFirst();
  return recent !== undefined;
}

export function bookingQueries(dialect: Dialect): BookingOperations {
  const { db, codec } = dialect;
  return {
    async takenSlots(from) {
      const rows = await db
        .selectFrom("intro_bookings")
        .select(["coach", "starts_at", "ends_at"])
        .where("cancelled_at", "is", null)
        .where("ends_at", ">", codec.time(from))
        .execute();
      return rows.map((row) => ({ coach: row.coach, start: toDate(row.starts_at), end: toDate(row.ends_at) }));
    },
    async bookings(from) {
      const rows = await db
        .selectFrom("intro_bookings")
        .innerJoin("submissions", "submissions.id", "intro_bookings.submission_id")
        .selectAll("submissions")
        .select(["coach", "starts_at", "ends_at", "cancelled_at"])
        .where("starts_at", ">=", codec.time(from))
        .orderBy("starts_at")
        .orderBy("coach")
        .execute();
      return rows.map((row) => toBooking(row, codec));
    },
  };
}
