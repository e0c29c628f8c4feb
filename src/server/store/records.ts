import type { DeletionRecord, FormName, StoredWaiver } from "./types";

/**
 * Rows of the deletions and waivers tables as both drivers return them: the columns are the same, only
 * the timestamps differ (ISO-8601 text from SQLite, Dates from pg), and `new Date` takes either.
 */
type Timestamp = string | Date;

export interface DeletionRow {
  reference: string;
  form: string;
  received_at: Timestamp;
  deleted_at: Timestamp;
  requested_by: string;
}

export interface WaiverRow {
  version: string;
  text: string;
  first_accepted_at: Timestamp;
}

export const toDeletionRecord = (row: DeletionRow): DeletionRecord => ({
  reference: row.reference,
  form: row.form as FormName,
  receivedAt: new Date(row.received_at),
  deletedAt: new Date(row.deleted_at),
  requestedBy: row.requested_by,
});

export const toStoredWaiver = (row: WaiverRow): StoredWaiver => ({
  version: row.version,
  text: row.text,
  firstAcceptedAt: new Date(row.first_accepted_at),
});
