import type { Booking, FormName, OutboxKind, OutboxMessage, OutboxStatus, StoredSubmission } from "../types";

/** Rows as better-sqlite3 returns them: timestamps are ISO-8601 text and the payload is JSON text. */

export interface SubmissionRow {
  id: string;
  form: string;
  created_at: string;
  payload: string;
  spam: string | null;
}

export interface OutboxRow {
  id: number;
  submission_id: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface BookingRow extends SubmissionRow {
  coach: string;
  starts_at: string;
  ends_at: string;
  cancelled_at: string | null;
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

export function toSubmission(row: SubmissionRow): StoredSubmission {
  return {
    id: row.id,
    form: row.form as FormName,
    createdAt: new Date(row.created_at),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    spam: row.spam,
  };
}

export function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    kind: row.kind as OutboxKind,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: toDate(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: toDate(row.sent_at),
    createdAt: new Date(row.created_at),
  };
}

export function toBooking(row: BookingRow): Booking {
  return {
    coach: row.coach,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    cancelledAt: toDate(row.cancelled_at),
    submission: toSubmission(row),
  };
}
