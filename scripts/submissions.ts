/**
 * Staff tools for the form submissions, reading the same store the website writes
 * (the SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set), and for the privacy duties of
 * Washington's My Health My Data Act: answer an access request (find), a deletion request (delete),
 * a member's withdrawal of consent for their health information (withdraw-consent: the sign-up stays),
 * and check the retention purge the server runs daily (purge, deletions, waiver).
 *
 *   npm run submissions -- list [--form contact|signup|...] [--since YYYY-MM-DD] [--spam]
 *   npm run submissions -- export --format csv|json [--form ...] [--since ...]
 *   npm run submissions -- outbox [--retry]
 *   npm run submissions -- intro list [--all]
 *   npm run submissions -- intro cancel REFERENCE
 *   npm run submissions -- find --email ADDRESS
 *   npm run submissions -- delete --id REFERENCE | --email ADDRESS [--request P-XXXXXXXXXX]
 *   npm run submissions -- withdraw-consent --id S-REFERENCE [--request P-XXXXXXXXXX]
 *   npm run submissions -- purge [--dry-run]
 *   npm run submissions -- deletions
 *   npm run submissions -- waiver [VERSION]
 */
import { isIsoDate } from "../src/content/dates";
import { readConfig } from "../src/server/config";
import { dayLabel, timeLabel } from "../src/intro/display";
import { privacy, site } from "../src/server/content";
import { escapeControls } from "../src/server/printable";
import { isExpired, purgeSummary, retentionCutoffs } from "../src/server/retention";
import { openStore } from "../src/server/store";
import {
  FORMS,
  PRIVACY_REFERENCE,
  type Booking,
  type DeletionReason,
  type FormName,
  type PrivacyReference,
  type StoredSubmission,
  type SubmissionStore,
} from "../src/server/store/types";

const USAGE = `Usage:
  npm run submissions -- list [--form ${FORMS.join("|")}] [--since YYYY-MM-DD] [--spam]
  npm run submissions -- export --format csv|json [--form ...] [--since YYYY-MM-DD]
  npm run submissions -- outbox [--retry]
  npm run submissions -- intro list [--all]        upcoming free-intro bookings (--all: cancelled ones too)
  npm run submissions -- intro cancel REFERENCE    frees the booking's slot for other visitors
  npm run submissions -- find --email ADDRESS      everything held about an address, as JSON (an access request)
  npm run submissions -- delete --id REFERENCE [--request P-XXXXXXXXXX]
  npm run submissions -- delete --email ADDRESS [--request P-XXXXXXXXXX]
                                                   deletes and logs it; --request names the privacy request that
                                                   asked (it may be among those deleted)
  npm run submissions -- withdraw-consent --id S-REFERENCE [--request P-XXXXXXXXXX]
                                                   removes a sign-up's health information (consent withdrawn)
                                                   and its unsent e-mails; the rest of the sign-up stays
  npm run submissions -- purge [--dry-run]         deletes what is past its retention (content/privacy.json)
  npm run submissions -- deletions                 the deletion log: references and dates, no personal data
  npm run submissions -- waiver [VERSION]          waiver versions sign-ups accepted, or one version's text`;

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
  /** For find and delete: whose submissions, lower-cased. */
  email?: string;
  /** For delete and withdraw-consent: one submission's reference. */
  id?: string;
  /** For delete and withdraw-consent: the privacy request that asked for it. */
  request?: PrivacyReference;
  dryRun: boolean;
  /** For waiver: a version (or the start of one) whose text to print. */
  version?: string;
}

const COMMANDS = ["list", "export", "outbox", "intro", "find", "delete", "withdraw-consent", "purge", "deletions", "waiver"];
/** The commands that act on a privacy request, so take --id and --request. */
const BY_REFERENCE = ["delete", "withdraw-consent"];

export function parseArgs(argv: readonly string[]): Options {
  const [command = "", ...afterCommand] = argv;
  const options: Options = { command, spam: false, retry: false, all: false, dryRun: false };
  let rest = afterCommand;
  if (command === "waiver" && afterCommand[0] !== undefined && !afterCommand[0].startsWith("--")) {
    const [version = "", ...after] = afterCommand;
    if (!/^[0-9a-f]{1,64}$/i.test(version)) throw new UsageError("waiver VERSION is the hexadecimal version `waiver` lists");
    options.version = version.toLowerCase();
    rest = after;
  }
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
    else if (arg === "--email" && (command === "find" || command === "delete")) {
      const email = value().trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError("--email must be an e-mail address");
      options.email = email;
    } else if (arg === "--id" && BY_REFERENCE.includes(command)) options.id = value().trim().toUpperCase();
    else if (arg === "--request" && BY_REFERENCE.includes(command)) {
      // Only a reference is accepted, so no name or note about the person ever reaches the deletion log.
      const request = value().trim().toUpperCase();
      if (!PRIVACY_REFERENCE.test(request)) throw new UsageError("--request must be a privacy request's reference, like P-7K3M9QX2PA");
      options.request = request as PrivacyReference;
    } else if (arg === "--dry-run" && command === "purge") options.dryRun = true;
    else throw new UsageError(`Unknown option ${arg}`);
  }
  if (!COMMANDS.includes(command)) throw new UsageError(command ? `Unknown command "${command}"` : "Give a command");
  if (command === "export" && !options.format) throw new UsageError("export needs --format csv or --format json");
  if (command === "find" && !options.email) throw new UsageError("find needs --email ADDRESS");
  if (command === "delete" && Boolean(options.id) === Boolean(options.email)) {
    throw new UsageError("delete needs either --id REFERENCE or --email ADDRESS");
  }
  if (command === "withdraw-consent" && !options.id) throw new UsageError("withdraw-consent needs --id REFERENCE");
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

/** For an access request: every submission of the address, every field, and the waiver text a sign-up accepted. */
async function find(email: string, store: SubmissionStore, out: (text: string) => void): Promise<void> {
  const submissions = await store.findByEmail(email);
  const waivers = submissions.some((s) => s.payload.waiverVersion !== undefined) ? await store.waivers() : [];
  const report = {
    email,
    submissions: submissions.map((submission) => {
      const version = submission.payload.waiverVersion;
      const waiver = waivers.find((w) => w.version === version);
      return {
        reference: submission.id,
        form: submission.form,
        received: submission.createdAt.toISOString(),
        spam: submission.spam,
        fields: submission.payload,
        ...(version !== undefined && {
          waiver: { version, text: waiver?.text ?? null, firstAcceptedAt: waiver?.firstAcceptedAt.toISOString() ?? null },
        }),
      };
    }),
  };
  out(escapeControls(JSON.stringify(report, null, 2), true));
}

/** --request must name a privacy request the store holds, or one already deleted (its log line counts). */
async function checkRequest(options: Options, store: SubmissionStore): Promise<void> {
  if (!options.request) return;
  const reference = options.request;
  const request = await store.get(reference);
  const logged = !request && (await store.deletions()).some((r) => r.reference === reference && r.form === "privacy-request");
  if (request?.form !== "privacy-request" && !logged) throw new CommandError(`No privacy request has the reference ${reference}.`);
}

async function remove(options: Options, store: SubmissionStore, out: (text: string) => void, now: Date): Promise<void> {
  // The request may itself be among those deleted (it holds the address too).
  await checkRequest(options, store);
  let targets: StoredSubmission[];
  if (options.id) {
    const submission = await store.get(options.id);
    if (!submission) throw new CommandError(`No submission has the reference ${escapeControls(options.id)}.`);
    targets = [submission];
  } else {
    const found = await store.findByEmail(options.email ?? "");
    if (found.length === 0) throw new CommandError(`No submission has the address ${escapeControls(options.email ?? "")}.`);
    // Privacy requests go too: they hold the address. The deletion log keeps their references, and
    // --request names the one that asked, which is the record that it was done.
    targets = found;
  }
  const reason: DeletionReason = { kind: "request", requestedBy: options.request ?? "staff" };
  const deleted = new Set(targets.length ? await store.deleteSubmissions(targets.map((s) => s.id), reason, now) : []);
  for (const s of targets) if (deleted.has(s.id)) out(escapeControls(`Deleted ${s.id}  ${s.form}`));
  if (deleted.size === 0) out("Nothing was deleted.");
}

/** Consent withdrawn (My Health My Data Act): the health information goes, the membership record stays. */
async function withdrawConsent(options: Options, store: SubmissionStore, out: (text: string) => void): Promise<void> {
  await checkRequest(options, store);
  const id = escapeControls(options.id ?? "");
  if (!(await store.forgetHealth(options.id ?? ""))) throw new CommandError(`No sign-up with health information has the reference ${id}.`);
  out(`Removed the health information from ${id}.`);
}

async function purge(options: Options, store: SubmissionStore, out: (text: string) => void, now: Date): Promise<void> {
  const cutoffs = retentionCutoffs(now, privacy);
  const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const rules = cutoffs.forms.map(({ form, before }) => `${form} before ${utc(before)}`);
  out(`Retention (content/privacy.json): spam before ${utc(cutoffs.spamBefore)}, ${rules.join(", ")}.`);
  if (!options.dryRun) {
    const summary = purgeSummary(await store.purge(cutoffs, now));
    out(summary ? `Deleted: ${summary}.` : "Nothing was past its retention.");
    return;
  }
  const expired = (await store.list({ includeSpam: true })).filter((s) => isExpired(s, cutoffs));
  if (expired.length === 0) out("Dry run: nothing is past its retention.");
  else out(`Dry run: these ${expired.length} would be deleted (nothing was):`);
  for (const s of expired) out(escapeControls(`${s.id}  ${s.createdAt.toISOString().slice(0, 16).replace("T", " ")}  ${s.form}${s.spam ? "  spam" : ""}`));
}

async function deletions(store: SubmissionStore, out: (text: string) => void): Promise<void> {
  const records = await store.deletions();
  if (records.length === 0) out("No deletions recorded.");
  for (const r of records) {
    out(escapeControls(`${r.deletedAt.toISOString()}  ${r.reference}  ${r.form}  received ${r.receivedAt.toISOString()}  by ${r.requestedBy}`));
  }
}

async function waiver(options: Options, store: SubmissionStore, out: (text: string) => void): Promise<void> {
  const waivers = await store.waivers();
  if (options.version === undefined) {
    if (waivers.length === 0) out("No sign-up has accepted a waiver yet.");
    for (const w of waivers) out(`${w.version}  first accepted ${w.firstAcceptedAt.toISOString()}`);
    return;
  }
  const matches = waivers.filter((w) => w.version.startsWith(options.version ?? ""));
  if (matches.length === 0) throw new CommandError(`No stored waiver has the version ${options.version}.`);
  if (matches.length > 1) throw new CommandError(`${matches.length} stored waivers start with ${options.version}: give more of the version.`);
  out(escapeControls(matches[0]?.text ?? "", true));
}

export async function run(options: Options, store: SubmissionStore, out: (text: string) => void, now = new Date()): Promise<void> {
  if (options.command === "intro") return intro(options, store, out, now);
  if (options.command === "find") return find(options.email ?? "", store, out);
  if (options.command === "delete") return remove(options, store, out, now);
  if (options.command === "withdraw-consent") return withdrawConsent(options, store, out);
  if (options.command === "purge") return purge(options, store, out, now);
  if (options.command === "deletions") return deletions(store, out);
  if (options.command === "waiver") return waiver(options, store, out);
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
