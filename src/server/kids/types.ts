import type { SubmissionOperations } from "../forms/types";
import type { StoredSubmission } from "../store/submission";

/**
 * `insert` throws this when the class has no trial seat left: every seat of its number is held by an
 * active booking, whatever the checks before saw (the unique index is the last word).
 */
export class ClassFullError extends Error {
  constructor(classStart: string) {
    super(`The kids class at ${classStart} has no trial seat left`);
    this.name = "ClassFullError";
  }
}

/** By name, not `instanceof`: each Gatsby Function bundle has its own copy of the class (intro/types.ts says why). */
export const isClassFull = (error: unknown): boolean => error instanceof Error && error.name === "ClassFullError";

/** Mails to one address about trial seats in an hour at most: siblings booked one after the other still hear of each. */
export const TRIAL_MAILS_PER_HOUR = 3;

/** The reminder is due this long before a class starts... */
export const TRIAL_REMINDER_BEFORE_MS = 24 * 3_600_000;

/** ...unless that is less than this after the booking: the parent has just been told. */
export const TRIAL_REMINDER_MARGIN_MS = 6 * 3_600_000;

/** A seat as the staff's list reads it, with its submission (the parent's and the child's details). */
export interface TrialSeat {
  classStart: Date;
  classEnd: Date;
  seat: number;
  cancelledAt: Date | null;
  submission: StoredSubmission;
}

export type TrialCancelResult = "cancelled" | "already-cancelled" | "not-found" | "past";

/** The kids' trial seats (kids/store.ts). */
export interface TrialOperations {
  /** Active seats of classes starting at or after `from`, by class start (ISO) -> seats taken. */
  takenSeats(from: Date): Promise<Map<string, number>>;
  /** Seats of classes starting at or after `from`, cancelled ones included, soonest class first. */
  trialSeats(from: Date): Promise<TrialSeat[]>;
  /**
   * The parent's own link (the token's hash): frees the seat, drops its unsent confirmation and reminder,
   * and mails the cancellation to a parent who was mailed the booking. "past" once the class has begun.
   */
  cancelTrialByToken(tokenHash: string, at: Date): Promise<TrialCancelResult>;
}

/** What the kids' trial code asks of the store: its submissions and its seats. */
export type KidsTrialStore = SubmissionOperations & TrialOperations;
