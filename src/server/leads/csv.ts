import { escapeControls } from "../printable";
import type { StoredSubmission } from "../store/submission";
import { FORM_REGISTRY } from "../../forms/registry";
import { fieldText } from "../forms/fields";
import { whenLabel } from "../../time/labels";

/** One submission as a row: reference, form, received, then `extra` (e.g. the lead's status), then every field sent. */
export function flattenSubmission(submission: StoredSubmission, extra: Record<string, string> = {}): Record<string, string> {
  const row: Record<string, string> = {
    reference: submission.id,
    form: submission.form,
    received: submission.createdAt.toISOString(),
    ...extra,
  };
  for (const [key, value] of Object.entries(submission.payload)) row[key] = String(value);
  if (submission.spam) row.spam = submission.spam;
  return row;
}

/**
 * A lead as the staff's download shows it: the form's name, when it came in the gym's time and words
 * (and the exact instant in a column of its own, for a machine), then `extra`, then every field as the
 * lead page words it (fieldText). `zone` is another zone than the gym's, for the tests.
 */
export function leadRow(submission: StoredSubmission, extra: Record<string, string> = {}, zone?: string): Record<string, string> {
  const iso = submission.createdAt.toISOString();
  const row: Record<string, string> = {
    reference: submission.id,
    form: FORM_REGISTRY[submission.form].label,
    received: whenLabel(iso, zone),
    "received (ISO 8601, UTC)": iso,
    ...extra,
  };
  for (const [key, value] of Object.entries(submission.payload)) row[key] = fieldText(key, value, zone);
  if (submission.spam) row.spam = submission.spam;
  return row;
}

/**
 * Spreadsheets run a cell as a formula when it starts with = + - @ (or their full-width forms, which
 * some convert), and skip a leading tab, CR or NUL before looking. As OWASP's CSV-injection advice
 * says, such a cell gets a leading quote mark, numbers too (a phone number "+1..." stays readable as
 * text), and every cell is quoted. Control characters and lone surrogates become \u escapes.
 */
const FORMULA_LEAD = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(raw: string): string {
  const value = escapeControls(raw, true);
  const safe = FORMULA_LEAD.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Submissions as CSV, each as stored: one column per field any of them has; `extra` adds columns of each (see flattenSubmission). */
export function toCsv(submissions: readonly StoredSubmission[], extra?: (submission: StoredSubmission) => Record<string, string>): string {
  return rowsToCsv(submissions.map((submission) => flattenSubmission(submission, extra?.(submission))));
}

/** Rows as CSV: one column per key any row has, in the order they first appear. */
export function rowsToCsv(rows: ReadonlyArray<Record<string, string>>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column] ?? "")).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
