import type { RateLimiterAbstract } from "rate-limiter-flexible";

export const FORMS = ["contact", "signup", "membership-hold", "intro"] as const;
export type FormName = (typeof FORMS)[number];

export interface NewSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  /** The validated fields, exactly as the server accepted them. */
  payload: Record<string, unknown>;
  /** Why it looks like spam ("honeypot", "too-fast"), or null for a real submission. */
  spam: string | null;
  /** Queue an e-mail to staff in the same transaction. */
  notify: boolean;
  /** A free-intro booking taken in the same transaction; its slot is held by the database's unique rule. */
  booking?: NewBooking;
  /**
   * Queue a confirmation to the visitor too, unless one went to the same address within
   * CONFIRMATION_INTERVAL_MS (so the form cannot be used to mail strangers again and again).
   */
  confirm?: boolean;
}

export interface NewBooking {
  coach: string;
  start: Date;
  end: Date;
  /** Lower-cased, as the form stores it. */
  email: string;
}

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

export interface InsertResult {
  /** Whether a confirmation to the visitor was queued (not when one went to that address within the hour). */
  confirmationQueued: boolean;
}

export interface Booking {
  coach: string;
  start: Date;
  end: Date;
  cancelledAt: Date | null;
  submission: StoredSubmission;
}

export type CancelResult = "cancelled" | "already-cancelled" | "not-found";

export interface StoredSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}

export type OutboxStatus = "pending" | "sent" | "failed";
/** Who a message is for: staff (every form), or the visitor (a booking's confirmation). */
export type OutboxKind = "staff" | "confirmation";

export interface OutboxMessage {
  id: number;
  submissionId: string;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

export interface ClaimedMessage extends OutboxMessage {
  submission: StoredSubmission;
}

export interface ListFilter {
  form?: FormName;
  since?: Date;
  includeSpam?: boolean;
}

export interface RateLimiterOptions {
  /** Keeps the counts of different limiters apart in the one table. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/** rate-limiter-flexible's settings shared by both stores: our migration creates the table. */
export const limiterSettings = ({ keyPrefix, points, durationSeconds }: RateLimiterOptions) => ({
  tableName: "rate_limits",
  tableCreated: true,
  clearExpiredByTimeout: true,
  keyPrefix,
  points,
  duration: durationSeconds,
});

/**
 * Where submissions live. Both implementations (SQLite file, PostgreSQL) commit a submission and its
 * outbox message together before `insert` resolves, so an acknowledged submission is never lost.
 */
export interface SubmissionStore {
  readonly kind: "sqlite" | "postgres";
  insert(submission: NewSubmission): Promise<InsertResult>;
  get(id: string): Promise<StoredSubmission | undefined>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  /** Locks up to `limit` due messages for `lockMs`, so two senders never take the same one. */
  claimDue(now: Date, limit: number, lockMs: number): Promise<ClaimedMessage[]>;
  markSent(messageId: number, at: Date): Promise<void>;
  /** Records a failed attempt; `retryAt` null gives up (the message stays visible as failed). */
  markFailed(messageId: number, error: string, retryAt: Date | null): Promise<void>;
  outbox(statuses?: readonly OutboxStatus[]): Promise<OutboxMessage[]>;
  /** Puts failed messages back in the queue (staff use it after fixing the mail settings). */
  retryFailed(now: Date): Promise<number>;
  /** Active bookings that end after `from` (the times no visitor may take). */
  takenSlots(from: Date): Promise<Array<{ coach: string; start: Date; end: Date }>>;
  /** Bookings starting at or after `from`, cancelled ones included, soonest first. */
  bookings(from: Date): Promise<Booking[]>;
  /** Frees a booking's slot and drops its confirmation if not yet sent; the submission stays. */
  cancelBooking(id: string, at: Date): Promise<CancelResult>;
  /** A limiter counting in this store's rate_limits table, shared by every process using the store. */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}
