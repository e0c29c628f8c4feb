import type { Selectable } from "kysely";
import type { Codec } from "./dialect";
import type { DeletionsTable, IntroBookingsTable, OutboxTable, StoredTime, SubmissionsTable, WaiversTable } from "./schema";
import type { StoredWaiver } from "../forms/types";
import type { StoredSubmission } from "../forms/submission";
import type { OutboxData, OutboxMessage } from "../outbox/types";
import type { DeletionRecord } from "../privacy/types";
import type { Booking } from "../intro/types";

/** Rows as either driver returns them, turned into the store's records. */

export type SubmissionRow = Selectable<SubmissionsTable>;
export type BookingRow = SubmissionRow & Pick<Selectable<IntroBookingsTable>, "coach" | "starts_at" | "ends_at" | "cancelled_at">;

/** `new Date` takes either form of a stored timestamp (ISO text from SQLite, a Date from pg). */
export const toDate = (stored: StoredTime): Date => new Date(stored);
const toDateOrNull = (stored: StoredTime | null): Date | null => (stored === null ? null : toDate(stored));

export function toSubmission(row: SubmissionRow, codec: Codec): StoredSubmission {
  return { id: row.id, form: row.form, createdAt: toDate(row.created_at), payload: codec.payload(row.payload), spam: row.spam };
}

export function toMessage(row: Selectable<OutboxTable>, codec: Codec): OutboxMessage {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: toDateOrNull(row.sent_at),
    createdAt: toDate(row.created_at),
    data: row.data === null ? null : (codec.payload(row.data) as OutboxData),
  };
}

export function toBooking(row: BookingRow, codec: Codec): Booking {
  return {
    coach: row.coach,
    start: toDate(row.starts_at),
    end: toDate(row.ends_at),
    cancelledAt: toDateOrNull(row.cancelled_at),
    submission: toSubmission(row, codec),
  };
}

export const toDeletionRecord = (row: Selectable<DeletionsTable>): DeletionRecord => ({
  reference: row.reference,
  form: row.form,
  receivedAt: toDate(row.received_at),
  deletedAt: toDate(row.deleted_at),
  requestedBy: row.requested_by,
});

export const toStoredWaiver = (row: Selectable<WaiversTable>): StoredWaiver => ({
  version: row.version,
  text: row.text,
  firstAcceptedAt: toDate(row.first_accepted_at),
});
