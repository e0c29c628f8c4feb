import type { Selectable } from "kysely";
import type { Codec } from "./dialect";
import type { StoredTime, SubmissionsTable } from "./schema";
import type { StoredSubmission } from "./submission";

/** Rows as either driver returns them, turned into the store's records (each feature's own rows in its store.ts). */

export type SubmissionRow = Selectable<SubmissionsTable>;

/** `new Date` takes either form of a stored timestamp (ISO text from SQLite, a Date from pg). */
export const toDate = (stored: StoredTime): Date => new Date(stored);
export const toDateOrNull = (stored: StoredTime | null): Date | null => (stored === null ? null : toDate(stored));

export function toSubmission(row: SubmissionRow, codec: Codec): StoredSubmission {
  return { id: row.id, form: row.form, createdAt: toDate(row.created_at), payload: codec.payload(row.payload), spam: row.spam };
}
