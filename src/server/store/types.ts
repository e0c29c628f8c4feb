import type { RateLimiterAbstract } from "rate-limiter-flexible";

export const FORMS = ["contact", "signup", "membership-hold"] as const;
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
}

export interface StoredSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}

export type OutboxStatus = "pending" | "sent" | "failed";

export interface OutboxMessage {
  id: number;
  submissionId: string;
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
  insert(submission: NewSubmission): Promise<void>;
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
  /** A limiter counting in this store's rate_limits table, shared by every process using the store. */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}
