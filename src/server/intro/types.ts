import type { StoredSubmission } from "../store/submission";
import type { SubmissionOperations } from "../forms/types";
import type { Attendance } from "../../desk/leads";
import type { LeadIntros } from "../leads/types";

/** A visitor is mailed about their intro at most once in this long (a stranger typing the address cannot fill its inbox). */
export const CONFIRMATION_INTERVAL_MS = 3_600_000;

/** `insert` throws this when the coach already has an active booking overlapping that time. */
export class SlotTakenError extends Error {
  constructor(coach: string, start: Date) {
    super(`${coach} is already booked at ${start.toISOString()}`);
    this.name = "SlotTakenError";
  }
}

/**
 * `insert` throws this when the address already holds an active booking that has not ended: one free
 * intro per person, so nobody can fill the coaches' calendar.
 */
export class AlreadyBookedError extends Error {
  constructor() {
    super("This address already has an upcoming free intro");
    this.name = "AlreadyBookedError";
  }
}

/**
 * Whether an error is one of the store's own, by name: each Gatsby Function is a bundle with its own
 * copy of these classes, while the open store is shared by every function in the process
 * (processState), so `instanceof` fails whenever another function opened it.
 */
export const isSlotTaken = (error: unknown): boolean => error instanceof Error && error.name === "SlotTakenError";

export const isAlreadyBooked = (error: unknown): boolean => error instanceof Error && error.name === "AlreadyBookedError";

export interface Booking {
  coach: string;
  start: Date;
  end: Date;
  cancelledAt: Date | null;
  submission: StoredSubmission;
}

export type CancelResult = "cancelled" | "already-cancelled" | "not-found";

/** A booking as the staff's intro screen shows it. */
/**
 * A cancelled intro's lead comes up for a call (`on`, today at the gym, YYYY-MM-DD; `by` who cancelled):
 * the booking moved it past New, so without a date it would drop out of every list that asks for action.
 */
export interface CancelFollowUp {
  on: string;
  by: string;
}

export interface IntroBooking extends Booking {
  attendance: Attendance | null;
  /** The appointment's SEQUENCE in the visitor's calendar. */
  sequence: number;
}

/**
 * An intro's reminders: each is due `beforeMs` before the intro starts, unless that is less than
 * `marginMs` after the booking (or its new time) was made: the visitor has just read the confirmation,
 * and a reminder on top of it tells them nothing. So the day-before one comes only to a booking made
 * 30 hours ahead or more, the one two hours before only to a booking made 4 hours ahead or more.
 */
export const INTRO_REMINDERS = {
  "day-before": { beforeMs: 24 * 3_600_000, marginMs: 6 * 3_600_000 },
  "hours-before": { beforeMs: 2 * 3_600_000, marginMs: 2 * 3_600_000 },
} as const;

export type IntroReminder = keyof typeof INTRO_REMINDERS;

/**
 * Free intros as staff and visitors change them (intro/store.ts). Each change tells the visitor through
 * the outbox in the same transaction, and only when they were mailed the booking in the first place.
 */
export interface IntroOperations extends LeadIntros {
  /**
   * Frees a booking's slot, drops its unsent confirmation, reminder and new-time mails, and queues a
   * cancellation for a visitor who was mailed the booking; the submission stays.
   */
  cancelBooking(id: string, at: Date, followUp?: CancelFollowUp): Promise<CancelResult>;
  /** The visitor's own link (the token's hash): "past" once the intro has begun; it cancels only its own booking. */
  cancelByToken(tokenHash: string, at: Date, followUp?: CancelFollowUp): Promise<CancelResult | "past">;
  /** The booking a submission made, cancelled or not (undefined when it made none). */
  introOf(id: string): Promise<IntroBooking | undefined>;
  /** Active bookings starting at or after `from`, soonest first. */
  upcomingIntros(from: Date): Promise<IntroBooking[]>;
  /**
   * Records whether the visitor came; a no-show also sets the lead's follow-up date (`followUpOn`,
   * YYYY-MM-DD) and, for a visitor mailed the booking, queues the offer of a new time for the next
   * morning (noShow.ts), which a mark changed to Came takes back. "not-started" before the intro's
   * start: nobody can have come or missed it yet.
   */
  markAttendance(
    id: string,
    attendance: Attendance,
    context: { by: string; at: Date; followUpOn: string },
  ): Promise<"marked" | "not-found" | "cancelled" | "not-started">;
  /**
   * Why a no-show's offer of a new time is no longer to be sent: the booking is cancelled or no longer
   * marked No-show, the person booked again since, or asked since the booking for their data to be
   * deleted. Undefined while it still stands.
   */
  noShowOfferStale(id: string): Promise<string | undefined>;
  /**
   * Moves a booking to another coach's slot, raising its SEQUENCE, minting a new cancel token and moving
   * the reminder; the visitor is mailed the new time. Throws SlotTakenError when that coach is busy then.
   */
  rescheduleBooking(
    id: string,
    slot: { coach: string; start: Date; end: Date },
    at: Date,
  ): Promise<"rescheduled" | "not-found" | "cancelled">;
}

/** The bookings as the slots and the staff's calendar read them (intro/bookings.ts). */
export interface BookingOperations {
  /** Active bookings that end after `from` (the times no visitor may take). */
  takenSlots(from: Date): Promise<Array<{ coach: string; start: Date; end: Date }>>;
  /** Bookings starting at or after `from`, cancelled ones included, soonest first. */
  bookings(from: Date): Promise<Booking[]>;
}

/** What the free intros' code asks of the store. */
export type IntroStore = SubmissionOperations & BookingOperations & IntroOperations;
