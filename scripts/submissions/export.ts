import { escapeControls } from "../../src/server/printable";
import type { ListFilter, StoredSubmission, SubmissionStore } from "../../src/server/store/types";
import type { Print } from "./command";

function flatten(submission: StoredSubmission): Record<string, string> {
  const row: Record<string, string> = {
    reference: submission.id,
    form: submission.form,
    received: submission.createdAt.toISOString(),
  };
  for (const [key, value] of Object.entries(submission.payload)) row[key] = String(value);
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

export function toCsv(submissions: readonly StoredSubmission[]): string {
  const rows = submissions.map(flatten);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column] ?? "")).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** Every field of each submission, as CSV or else JSON. */
export async function exportSubmissions(
  format: "csv" | "json" | undefined,
  filter: ListFilter,
  store: SubmissionStore,
  out: Print,
): Promise<void> {
  const submissions = await store.list(filter);
  // JSON escapes C0 controls itself; bidirectional controls it leaves raw, so they become \u escapes too.
  out(format === "csv" ? toCsv(submissions) : escapeControls(JSON.stringify(submissions.map(flatten), null, 2), true));
}
