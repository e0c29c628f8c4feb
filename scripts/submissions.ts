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
 *   npm run submissions -- restore --id REFERENCE
 *   npm run submissions -- intro list [--all]
 *   npm run submissions -- intro cancel REFERENCE
 *   npm run submissions -- find --email ADDRESS
 *   npm run submissions -- delete --id REFERENCE | --email ADDRESS [--request P-XXXXXXXXXX]
 *   npm run submissions -- withdraw-consent --id S-REFERENCE [--request P-XXXXXXXXXX]
 *   npm run submissions -- purge [--dry-run]
 *   npm run submissions -- deletions
 *   npm run submissions -- waiver [VERSION]
 *
 * This file reads the arguments and hands each command to its module in scripts/submissions/.
 */
import { isIsoDate } from "../src/content/dates";
import { readConfig } from "../src/server/config";
import { openStore } from "../src/server/store";
import { FORMS, PRIVACY_REFERENCE, type FormName, type PrivacyReference, type SubmissionStore } from "../src/server/store/types";
import { CommandError, type Print } from "./submissions/command";
import { exportSubmissions } from "./submissions/export";
import { intro } from "./submissions/intro";
import { list, restore } from "./submissions/list";
import { outbox } from "./submissions/outbox";
import { deletions, find, purge, remove, waiver, withdrawConsent } from "./submissions/privacy";

export { csvCell, toCsv } from "./submissions/export";

const USAGE = `Usage:
  npm run submissions -- list [--form ${FORMS.join("|")}] [--since YYYY-MM-DD] [--spam]
  npm run submissions -- export --format csv|json [--form ...] [--since YYYY-MM-DD]
  npm run submissions -- outbox [--retry]
  npm run submissions -- restore --id REFERENCE    moves one held as spam (list --spam shows them) into the
                                                   staff list, and e-mails it to staff when mail is set up
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
  /** For restore: whether mail is set up (SMTP_URL and STAFF_EMAIL), so staff are e-mailed as for any form. */
  notify: boolean;
  /** For waiver: a version (or the start of one) whose text to print. */
  version?: string;
}

const COMMANDS = ["list", "export", "outbox", "restore", "intro", "find", "delete", "withdraw-consent", "purge", "deletions", "waiver"];
/** The commands that act on a privacy request, so take --id and --request. */
const BY_REFERENCE = ["delete", "withdraw-consent"];

export function parseArgs(argv: readonly string[]): Options {
  const [command = "", ...afterCommand] = argv;
  const options: Options = { command, spam: false, retry: false, all: false, dryRun: false, notify: false };
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
    } else if (arg === "--id" && (BY_REFERENCE.includes(command) || command === "restore")) options.id = value().trim().toUpperCase();
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
  if (command === "restore" && !options.id) throw new UsageError("restore needs --id REFERENCE");
  return options;
}

export async function run(options: Options, store: SubmissionStore, out: Print, now = new Date()): Promise<void> {
  const filter = { form: options.form, since: options.since, includeSpam: options.spam };
  switch (options.command) {
    case "intro":
      return intro(options, store, out, now);
    case "find":
      return find(options.email ?? "", store, out);
    case "delete":
      return remove(options, store, out, now);
    case "withdraw-consent":
      return withdrawConsent(options, store, out);
    case "purge":
      return purge(options.dryRun, store, out, now);
    case "deletions":
      return deletions(store, out);
    case "waiver":
      return waiver(options.version, store, out);
    case "outbox":
      return outbox(options.retry, store, out);
    case "restore":
      return restore(options.id ?? "", options.notify, store, out, now);
    case "export":
      return exportSubmissions(options.format, filter, store, out);
    default:
      // "list": parseArgs lets no other command through.
      return list(filter, store, out);
  }
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
  // A person at a terminal can wait for the site's write to finish; the site itself never waits long.
  const config = readConfig();
  options.notify = Boolean(config.smtpUrl && config.staffEmail);
  const store = await openStore(config, { busyTimeoutMs: 5_000 });
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
