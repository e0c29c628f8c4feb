/**
 * Staff accounts for the staff console at /staff/, on the same store the website uses (the SQLite file
 * in DATA_DIR, or PostgreSQL when DATABASE_URL is set). Nobody has a password: a staff member signs in
 * with a link mailed to their address.
 *
 *   npm run staff -- add EMAIL --role owner|coach   add someone, or change their role
 *   npm run staff -- list                           every account
 *   npm run staff -- remove EMAIL                   remove someone; their sessions end at once
 *
 * The owner's Accounts screen in the console does the same (src/server/staff/accounts.ts).
 */
import { parseArgs } from "node:util";
import { readConfig } from "../src/server/config";
import { AccountError, addAccount, removeAccount } from "../src/server/staff/accounts";
import { parseArgsProblem } from "./parseArgsProblem";
import { type SubmissionStore, openStore } from "../src/server/app/store";

export const STAFF_HELP = `Staff accounts for the console at /staff/ (sign-in is by a link e-mailed to the address).

  npm run staff -- add EMAIL --role owner|coach   add someone, or change their role
  npm run staff -- list                           every account
  npm run staff -- remove EMAIL                   remove someone; their sessions end at once

An owner does everything; a coach works leads and intros but cannot export, delete,
answer privacy requests or manage accounts.

Example: npm run staff -- add owner@crossfitgraham.com --role owner`;

/** A wrong command line: one line and exit code 2. */
export class StaffUsageError extends Error {}

export type StaffCommand =
  { command: "help" } | { command: "list" } | { command: "add"; email: string; role: string } | { command: "remove"; email: string };

export function parseStaffArgs(argv: readonly string[]): StaffCommand {
  let parsed: ReturnType<typeof read>;
  const read = () =>
    parseArgs({ args: [...argv], allowPositionals: true, options: { role: { type: "string" }, help: { type: "boolean", short: "h" } } });
  try {
    parsed = read();
  } catch (error) {
    throw new StaffUsageError(parseArgsProblem(error));
  }
  const { values, positionals } = parsed;
  const [command, email, ...extra] = positionals;
  if (values.help || command === undefined || command === "help") return { command: "help" };
  if (extra.length > 0) throw new StaffUsageError(`Unexpected argument "${extra[0]}"`);
  if (command === "list") {
    if (email !== undefined) throw new StaffUsageError(`Unexpected argument "${email}"`);
    if (values.role !== undefined) throw new StaffUsageError("list takes no --role");
    return { command };
  }
  if (command !== "add" && command !== "remove") throw new StaffUsageError(`No command is named "${command}": use add, list or remove`);
  if (email === undefined) throw new StaffUsageError(`${command} needs the staff member's e-mail address`);
  if (command === "remove") {
    if (values.role !== undefined) throw new StaffUsageError("remove takes no --role");
    return { command, email };
  }
  if (values.role === undefined) throw new StaffUsageError("add needs --role owner or --role coach");
  return { command, email, role: values.role };
}

export async function runStaff(
  command: StaffCommand,
  store: SubmissionStore,
  out: (line: string) => void,
  now = new Date(),
): Promise<void> {
  switch (command.command) {
    case "help":
      return out(STAFF_HELP);
    case "list": {
      const accounts = await store.staffAccounts();
      if (accounts.length === 0) out("No staff accounts yet. Add the owner: npm run staff -- add EMAIL --role owner");
      for (const a of accounts) out(`${a.email}  ${a.role}  added ${a.createdAt.toISOString().slice(0, 10)}`);
      return;
    }
    case "add":
      out(await addAccount(store, command.email, command.role, now));
      await store.audit({ at: now, actor: "cli", action: "staff.add", target: command.email.trim().toLowerCase() });
      return;
    case "remove":
      out(await removeAccount(store, command.email));
      await store.audit({ at: now, actor: "cli", action: "staff.remove", target: command.email.trim().toLowerCase() });
      return;
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const command = parseStaffArgs(argv);
  if (command.command === "help") return console.log(STAFF_HELP);
  const store = await openStore(readConfig(), { busyTimeoutMs: 5_000 });
  try {
    await runStaff(command, store, (line) => console.log(line));
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof StaffUsageError) {
      console.error(`${error.message}\nSee npm run staff -- --help`);
      process.exitCode = 2;
      return;
    }
    console.error(error instanceof AccountError || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
