import type { Booking, FormName, OutboxKind, OutboxMessage, OutboxStatus, StoredSubmission } from "../types";

/** Rows as pg returns them: timestamptz as Dates, JSONB parsed, and BIGSERIAL ids as text. */

export interface SubmissionRow {
  id: string;
  form: string;
  created_at: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}

export interface OutboxRow {
  id: string;
  submission_id: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

export interface BookingRow extends SubmissionRow {
  coach: string;
  starts_at: Date;
  ends_at: Date;
  cancelled_at: Date | null;
}

export function toSubmission(row: SubmissionRow): StoredSubmission {
  return { id: row.id, form: row.form as FormName, createdAt: row.created_at, payload: row.payload, spam: row.spam };
}

export function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    kind: row.kind as OutboxKind,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

export function toBooking(row: BookingRow): Booking {
  return { coach: row.coach, start: row.starts_at, end: row.ends_at, cancelledAt: row.cancelled_at, submission: toSubmission(row) };
}
