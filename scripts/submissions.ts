/**
 * Staff tools for the form submissions, reading the same store the website writes
 * (the SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set), and for the privacy duties of
 * Washington's My Health My Data Act: answer an access request (find), a deletion request (delete),
 * a member's withdrawal of consent for their health information (withdraw-consent: the sign-up stays),
 * record a privacy request's person checked another way than its link (verify-request), and check the
 * retention purge the server runs daily (purge, deletions, waiver).
 *
 *   npm run submissions -- --help              the commands
 *   npm run submissions -- <command> --help    one command's options and an example
 *
 * The commands and their options are a table (submissions/commands.ts) that both the parser and the
 * help are made from; this file carries out a parsed command with its module in scripts/submissions/.
 */
import { readConfig } from "../src/server/config";
import { helpTopic, parseArgs } from "./submissions/args";
import { UsageError, type Ask, type Print } from "./submissions/command";
import type { Options } from "./submissions/commands";
import { exportSubmissions } from "./submissions/export";
import { helpText } from "./submissions/help";
import { intro } from "./submissions/intro";
import { list, restore } from "./submissions/list";
import { outbox } from "./submissions/outbox";
import { deletions, find, findPerson, purge, remove, removePerson, verifyRequest, waiver, withdrawConsent } from "./submissions/privacy";
import { askOnTerminal } from "./submissions/terminal";
import { type SubmissionStore, openStore } from "../src/server/app/store";

export { csvCell, toCsv } from "./submissions/export";
export { helpText, parseArgs, type Options };

/** Carries out a parsed command; `ask` is the terminal delete confirms on, none when there is no terminal. */
export async function run(options: Options, store: SubmissionStore, out: Print, now = new Date(), ask?: Ask): Promise<void> {
  const filter = { form: options.form, since: options.since, includeSpam: options.spam };
  switch (options.command) {
    case "help":
      return out(helpText(options.topic));
    case "list":
      return list(filter, store, out);
    case "export":
      return exportSubmissions(options.format, filter, store, out);
    case "outbox":
      return outbox(options.retry, store, out);
    case "restore":
      return restore(options.id ?? "", options.notify, store, out, now, options.webhook);
    case "intro list":
      return intro({ action: "list", all: options.all }, store, out, now);
    case "intro cancel":
      return intro({ action: "cancel", reference: options.reference, all: false }, store, out, now);
    case "find":
      return options.person ? findPerson(options.person, store, out) : find(options.email ?? "", store, out);
    case "delete":
      return options.person
        ? removePerson({ reference: options.person, yes: options.yes }, store, out, now, ask)
        : remove(options, store, out, now, ask);
    case "verify-request":
      return verifyRequest(options.reference ?? "", options.how ?? "in-person", options.notify, store, out, now);
    case "withdraw-consent":
      return withdrawConsent(options, store, out);
    case "purge":
      return purge(options.dryRun, store, out, now);
    case "deletions":
      return deletions(store, out);
    case "waiver":
      return waiver(options.version, store, out);
    default:
      throw new Error(`No command is named "${options.command}".`);
  }
}

const print: Print = (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);

async function main(argv: readonly string[]) {
  const options = parseArgs(argv);
  if (options.command === "help") return print(helpText(options.topic));
  // A person at a terminal can wait for the site's write to finish; the site itself never waits long.
  const config = readConfig();
  options.notify = Boolean(config.smtpUrl && config.staffEmail);
  options.webhook = config.leadWebhook !== undefined;
  const store = await openStore(config, { busyTimeoutMs: 5_000 });
  try {
    await run(options, store, print, new Date(), process.stdin.isTTY ? askOnTerminal : undefined);
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  main(argv).catch((error: unknown) => {
    // Without a command, the list of commands is the most useful answer.
    if (argv.length === 0) {
      console.error(helpText());
      process.exitCode = 2;
      return;
    }
    // 2 for a wrong command line; 1 for a request the store cannot carry out (CommandError) or any other failure.
    console.error(error instanceof Error ? error.message : error);
    const topic = helpTopic(argv);
    if (error instanceof UsageError) console.error(`See npm run submissions -- ${topic ? `${topic} ` : ""}--help`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
}
