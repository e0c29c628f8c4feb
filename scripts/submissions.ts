/**
 * Staff tools for the form submissions, reading the same store the website writes
 * (the SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set).
 *
 *   npm run submissions -- list [--form contact|signup|membership-hold] [--since YYYY-MM-DD] [--spam]
 *   npm run submissions -- export --format csv|json [--form ...] [--since ...]
 *   npm run submissions -- outbox [--retry]
 *   npm run submissions -- intro list [--all]
 *   npm run submissions -- intro cancel REFERENCE
 */
import { isIsoDate } from "../src/content/dates";
import { readConfig } from "../src/server/config";
import { dayLabel, timeLabel } from "../src/intro/display";
import { site } from "../src/server/content";
import { escapeControls } from "../src/server/printable";
import { openStore } from "../src/server/store";
import { FORMS, type Booking, type FormName, type StoredSubmission, type SubmissionStore } from "../src/server/store/types";

const USAGE = `Usage:
  npm run submissions -- list [--form ${FORMS.join("|")}] [--since YYYY-MM-DD] [--spam]
  npm run submissions -- export --format csv|json [--form ...] [--since YYYY-MM-DD]
  npm run submissions -- outbox [--retry]
  npm run submissions -- intro list [--all]        upcoming free-intro bookings (--all: cancelled ones too)
  npm run submissions -- intro cancel REFERENCE    frees the booking's slot for other visitors`;

class UsageError extends Error {}
/** A request the store cannot carry out (an unknown reference): one line, exit code 1. */
class CommandError extends Error {}

export interface Options {
  command: string;
  form?: FormName;
  since?: Date;
  format?: "csv" | "json";
  spam: boolean;
  retry: boolean;
  /** For `intro`: what to do, and the booking's reference for cancel. */
  action?: "list" | "cancel";
  reference?: string;
  all: boolean;
}

export function parseArgs(argv: readonly string[]): Options {
  const [command = "", ...afterCommand] = argv;
  const options: Options = { command, spam: false, retry: false, all: false };
  let rest = afterCommand;
  if (command === "intro") {
    const [action, ...more] = afterCommand;
    if (action !== "list" && action !== "cancel") throw new UsageError("intro needs list or cancel");
    options.action = action;
    rest = more;
    if (action === "cancel") {
      const [reference, ...after] = more;
      if (!reference || reference.startsWith("--")) throw new UsageError("intro cancel needs the booking's reference, like B-7K3M9QX2PA");
      options.reference = reference.trim().toUpperCase();
      rest = after;
    }
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => {
      const next = rest[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === "--form") {
      const form = value();
      if (!(FORMS as readonly string[]).includes(form)) throw new UsageError(`--form must be one of ${FORMS.join(", ")}`);
      options.form = form as FormName;
    } else if (arg === "--since") {
      const since = value();
      if (!isIsoDate(since)) throw new UsageError("--since must be a date written YYYY-MM-DD");
      options.since = new Date(`${since}T00:00:00Z`);
    } else if (arg === "--format") {
      const format = value();
      if (format !== "csv" && format !== "json") throw new UsageError("--format must be csv or json");
      options.format = format;
    } else if (arg === "--spam") options.spam = true;
    else if (arg === "--retry") options.retry = true;
    else if (arg === "--all" && options.action === "list") options.all = true;
    else throw new UsageError(`Unknown option ${arg}`);
  }
  if (!["list", "export", "outbox", "intro"].includes(command)) throw new UsageError(command ? `Unknown command "${command}"` : "Give a command");
  if (command === "export" && !options.format) throw new UsageError("export needs --format csv or --format json");
  return options;
}

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
 * some convert), and skip a leading tab, CR or NUL before looking; a quote mark keeps such a cell
 * text. Plain numbers (phone numbers are stored as +1 and ten digits) cannot do harm and stay as they are.
 */
const FORMULA_LEAD = /^[=+\-@\t\r\0\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(raw: string): string {
  const value = escapeControls(raw, true);
  const safe = FORMULA_LEAD.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(submissions: readonly StoredSubmission[]): string {
  const rows = submissions.map(flatten);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column] ?? "")).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

function summaryLine(submission: StoredSubmission): string {
  const p = submission.payload;
  const who = String(p.name ?? [p.firstName, p.lastName].filter(Boolean).join(" "));
  const what = String(p.interest ?? p.plan ?? p.type ?? "");
  const line = [submission.id, submission.createdAt.toISOString().slice(0, 16).replace("T", " "), submission.form, who, String(p.email ?? ""), what, submission.spam ? `spam:${submission.spam}` : ""]
    .filter((part) => part !== "")
    .join("  ");
  return escapeControls(line);
}

function bookingLine(booking: Booking): string {
  const p = booking.submission.payload;
  const start = booking.start.toISOString();
  const when = `${dayLabel(start, site.timeZone)} ${timeLabel(start, site.timeZone)}`;
  const line = [booking.submission.id, when, booking.coach, String(p.name ?? ""), String(p.email ?? ""), String(p.phone ?? ""), booking.cancelledAt ? "CANCELLED" : ""]
    .filter((part) => part !== "")
    .join("  ");
  return escapeControls(line);
}

async function intro(options: Options, store: SubmissionStore, out: (text: string) => void, now: Date): Promise<void> {
  if (options.action === "cancel" && options.reference) {
    const result = await store.cancelBooking(options.reference, now);
    if (result === "not-found") throw new CommandError(`No free-intro booking has the reference ${options.reference}.`);
    out(result === "cancelled" ? `Cancelled ${options.reference}: its time is open for booking again.` : `${options.reference} was already cancelled.`);
    return;
  }
  const bookings = (await store.bookings(now)).filter((booking) => options.all || !booking.cancelledAt);
  if (bookings.length === 0) out("No upcoming free-intro bookings.");
  for (const booking of bookings) out(bookingLine(booking));
}

export async function run(options: Options, store: SubmissionStore, out: (text: string) => void, now = new Date()): Promise<void> {
  if (options.command === "intro") return intro(options, store, out, now);
  if (options.command === "outbox") {
    if (options.retry) out(`${await store.retryFailed(new Date())} failed message(s) queued again.`);
    const messages = await store.outbox(["pending", "failed"]);
    if (messages.length === 0) out("Outbox is empty: every staff e-mail has been sent.");
    for (const m of messages) {
      out(escapeControls(`${m.submissionId}  ${m.status}  attempts ${m.attempts}${m.nextAttemptAt ? `  next ${m.nextAttemptAt.toISOString()}` : ""}${m.lastError ? `  last error: ${m.lastError}` : ""}`));
    }
    return;
  }
  const submissions = await store.list({ form: options.form, since: options.since, includeSpam: options.spam });
  if (options.command === "export") {
    // JSON escapes C0 controls itself; bidirectional controls it leaves raw, so they become \u escapes too.
    out(options.format === "csv" ? toCsv(submissions) : escapeControls(JSON.stringify(submissions.map(flatten), null, 2), true));
    return;
  }
  if (submissions.length === 0) out("No submissions match.");
  for (const submission of submissions) out(summaryLine(submission));
}

async function main() {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  const store = await openStore(readConfig());
  try {
    await run(options, store, (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`));
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
