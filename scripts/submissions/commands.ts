/**
 * The staff CLI's commands: each one's name, summary, options, arguments and example. The parser
 * (args.ts) and the help text (help.ts) are both made from this table, so they cannot disagree.
 */
import { isIsoDate } from "../../src/content/dates";
import { OWNER_CHECKS, type OwnerCheck } from "../../src/forms/privacyRequest/rules";
import { FORMS, type FormName } from "../../src/forms/registry";
import { personReferenceOf } from "../../src/server/privacy/textOnly";
import { PRIVACY_REFERENCE, type PrivacyReference } from "../../src/server/privacy/types";
import { UsageError } from "./command";

/** A command line, read: what run() in scripts/submissions.ts carries out. */
export interface Options {
  /** A name in COMMANDS ("list", "intro cancel"), or "help". */
  command: string;
  /** For help: the command, or group of commands ("intro"), to explain; none for the list of commands. */
  topic?: string;
  form?: FormName;
  since?: Date;
  format?: "csv" | "json";
  spam: boolean;
  retry: boolean;
  /** For intro cancel: the booking's reference; for verify-request, the privacy request's. */
  reference?: string;
  /** For verify-request: how the owner checked that the request comes from its person. */
  how?: OwnerCheck;
  all: boolean;
  /** For find and delete: whose submissions, lower-cased. */
  email?: string;
  /** For delete, withdraw-consent and restore: one submission's reference. */
  id?: string;
  /** For find and delete: a person made by a text alone, by their reference (N-...), who has no address. */
  person?: string;
  /** For delete and withdraw-consent: the privacy request that asked for it. */
  request?: PrivacyReference;
  dryRun: boolean;
  /** For delete: delete without asking first. */
  yes: boolean;
  /** For restore: whether mail is set up (SMTP_URL and STAFF_EMAIL), so staff are e-mailed as for any form. */
  notify: boolean;
  /** For restore: whether LEAD_WEBHOOK_URL is set, so the gym's webhook gets the lead as for any form. */
  webhook?: boolean;
  /** For waiver: a version (or the start of one) whose text to print. */
  version?: string;
}

export function blankOptions(command: string): Options {
  return { command, spam: false, retry: false, all: false, dryRun: false, yes: false, notify: false };
}

/** An option with a value: its placeholder in the help, and how the value lands in Options (or throws a UsageError). */
export interface ValueOption {
  type: "string";
  value: string;
  help: string;
  required?: boolean;
  set: (options: Options, raw: string) => void;
}

/** An option that is there or not. */
export interface Flag {
  type: "boolean";
  help: string;
  set: (options: Options) => void;
}

export interface Positional {
  name: string;
  help: string;
  /** When the argument is required: what to say if it is missing. */
  missing?: string;
  set: (options: Options, raw: string) => void;
}

export interface CommandSpec {
  /** One word, or a group's word and its own ("intro cancel"). */
  name: string;
  /** One line, for the list of commands. */
  summary: string;
  /** More, for the command's own help, when the summary is not enough. */
  about?: string;
  /** By name without the dashes, in the order the help lists them. */
  options: Readonly<Record<string, ValueOption | Flag>>;
  positionals?: readonly Positional[];
  /** A rule across options, once all are read: the problem, or undefined. */
  check?: (options: Options) => string | undefined;
  /** What follows `npm run submissions -- `. */
  example: string;
}

const form: ValueOption = {
  type: "string",
  value: FORMS.join("|"),
  help: "only this form's submissions",
  set(options, raw) {
    if (!(FORMS as readonly string[]).includes(raw)) throw new UsageError(`--form must be one of ${FORMS.join(", ")}`);
    options.form = raw as FormName;
  },
};

const since: ValueOption = {
  type: "string",
  value: "YYYY-MM-DD",
  help: "only those received on or after this day (from 00:00 UTC)",
  set(options, raw) {
    if (!isIsoDate(raw)) throw new UsageError("--since must be a date written YYYY-MM-DD");
    options.since = new Date(`${raw}T00:00:00Z`);
  },
};

const spam: Flag = {
  type: "boolean",
  help: "include those held as spam",
  set(options) {
    options.spam = true;
  },
};

function email(help: string, required = false): ValueOption {
  return {
    type: "string",
    value: "ADDRESS",
    help,
    required,
    set(options, raw) {
      const address = raw.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new UsageError("--email must be an e-mail address");
      options.email = address;
    },
  };
}

function id(help: string, required = false): ValueOption {
  return {
    type: "string",
    value: "REFERENCE",
    help,
    required,
    set(options, raw) {
      options.id = raw.trim().toUpperCase();
    },
  };
}

/** A person who only texted the gym: no address to go by, only the reference on their page in the console. */
const person: ValueOption = {
  type: "string",
  value: "N-XXXXXXXXXX",
  help: "a person who only texted the gym (no form), by the reference on their page",
  set(options, raw) {
    const reference = personReferenceOf(raw);
    if (!reference) throw new UsageError("--person must be a person's reference, like N-7K3M9QX2PA");
    options.person = reference;
  },
};

const request: ValueOption = {
  type: "string",
  value: "P-XXXXXXXXXX",
  help: "the privacy request that asked for it",
  set(options, raw) {
    // Only a reference is accepted, so no name or note about the person ever reaches the deletion log.
    const reference = raw.trim().toUpperCase();
    if (!PRIVACY_REFERENCE.test(reference)) throw new UsageError("--request must be a privacy request's reference, like P-7K3M9QX2PA");
    options.request = reference as PrivacyReference;
  },
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "list",
    summary: "one line a submission, oldest first",
    options: { form, since, spam },
    example: "list --form contact --since 2026-11-01",
  },
  {
    name: "export",
    summary: "every field of each submission, as CSV or JSON",
    about: "CSV quotes every cell and defuses spreadsheet formulas (a cell starting with = + - @ gets a leading quote mark).",
    options: {
      format: {
        type: "string",
        value: "csv|json",
        help: "the file format",
        required: true,
        set(options, raw) {
          if (raw !== "csv" && raw !== "json") throw new UsageError("--format must be csv or json");
          options.format = raw;
        },
      },
      form,
      since,
      spam,
    },
    example: "export --format csv --form signup > signups.csv",
  },
  {
    name: "outbox",
    summary: "the staff e-mails not yet sent",
    options: {
      retry: {
        type: "boolean",
        help: "first queue the failed ones again",
        set(options) {
          options.retry = true;
        },
      },
    },
    example: "outbox --retry",
  },
  {
    name: "restore",
    summary: "moves one held as spam into the staff list",
    about:
      "Moves a submission held as spam (list --spam shows them) into the staff list, and e-mails it to staff when mail is set up (SMTP_URL and STAFF_EMAIL).",
    options: { id: id("the submission held as spam", true) },
    example: "restore --id C-7K3M9QX2PA",
  },
  {
    name: "intro list",
    summary: "upcoming free-intro bookings",
    options: {
      all: {
        type: "boolean",
        help: "cancelled ones too",
        set(options) {
          options.all = true;
        },
      },
    },
    example: "intro list --all",
  },
  {
    name: "intro cancel",
    summary: "frees a booking's slot for other visitors",
    options: {},
    positionals: [
      {
        name: "REFERENCE",
        help: "the booking's reference, as intro list shows it",
        missing: "intro cancel needs the booking's reference, like B-7K3M9QX2PA",
        set(options, raw) {
          options.reference = raw.trim().toUpperCase();
        },
      },
    ],
    example: "intro cancel B-7K3M9QX2PA",
  },
  {
    name: "find",
    summary: "everything held about an address, as JSON (an access request)",
    about:
      "Every submission of the address, spam included, every field, and the waiver text a sign-up accepted. With --person instead: a person who only texted the gym, their texts and their numbers' record of consent to texts.",
    options: { email: email("the address, in any case"), person },
    check: (options) =>
      Boolean(options.email) === Boolean(options.person) ? "find needs either --email ADDRESS or --person N-XXXXXXXXXX" : undefined,
    example: "find --email ana@example.com > access-request.json",
  },
  {
    name: "delete",
    summary: "deletes submissions (a deletion request) and logs it",
    about:
      "Deletes one submission (--id) or every submission of an address (--email), privacy requests included, and records each in the deletion log (references and dates, no personal data). With --email, the request named by --request stays: it is listed in the staff console until it is marked answered there, as after a deletion from the console. With --person, a person who only texted the gym goes with their texts, timeline and their numbers' consent to texts, and the audit log keeps the reference. It first lists what it would delete and asks; only y or yes deletes. Without a terminal to ask on, it deletes only with --yes.",
    options: {
      id: id("one submission"),
      email: email("every submission of the address"),
      person,
      request,
      yes: {
        type: "boolean",
        help: "delete without asking (for scripts)",
        set(options) {
          options.yes = true;
        },
      },
    },
    check: (options) => {
      const targets = [options.id, options.email, options.person].filter(Boolean).length;
      if (targets !== 1) return "delete needs one of --id REFERENCE, --email ADDRESS or --person N-XXXXXXXXXX";
      return options.person && options.request ? "--request goes with --email or --id, not --person" : undefined;
    },
    example: "delete --email ana@example.com --request P-7K3M9QX2PA",
  },
  {
    name: "verify-request",
    summary: "records that you checked a privacy request comes from its person",
    about:
      "A privacy request is acted on only once the person whose address it names confirms it with the link e-mailed to them. When you have checked another way that it is them (in person, by phone, or by e-mail from the address), this marks it confirmed, as its link would, even after the link expired; the time to answer starts now, and the audit log records it (by cli, with the reference). Until then delete and withdraw-consent with --request refuse it.",
    options: {
      how: {
        type: "string",
        value: OWNER_CHECKS.join("|"),
        help: "how you checked",
        required: true,
        set(options, raw) {
          const how = raw.trim().toLowerCase();
          if (!(OWNER_CHECKS as readonly string[]).includes(how)) throw new UsageError(`--how must be one of ${OWNER_CHECKS.join(", ")}`);
          options.how = how as OwnerCheck;
        },
      },
    },
    positionals: [
      {
        name: "P-XXXXXXXXXX",
        help: "the privacy request's reference",
        missing: "verify-request needs the privacy request's reference, like P-7K3M9QX2PA",
        set(options, raw) {
          const reference = raw.trim().toUpperCase();
          if (!PRIVACY_REFERENCE.test(reference))
            throw new UsageError("verify-request needs the privacy request's reference, like P-7K3M9QX2PA");
          options.reference = reference;
        },
      },
    ],
    example: "verify-request P-7K3M9QX2PA --how in-person",
  },
  {
    name: "withdraw-consent",
    summary: "removes a sign-up's health information; the sign-up stays",
    about:
      "A member withdrew consent for their health information (My Health My Data Act): it goes, with the sign-up's unsent e-mails; the rest of the sign-up stays.",
    options: { id: id("the sign-up", true), request },
    example: "withdraw-consent --id S-7K3M9QX2PA --request P-7K3M9QX2PA",
  },
  {
    name: "purge",
    summary: "deletes what is past its retention (content/privacy.json)",
    about: "The server runs the same purge daily; this shows or does it now.",
    options: {
      "dry-run": {
        type: "boolean",
        help: "list what would be deleted, and delete nothing",
        set(options) {
          options.dryRun = true;
        },
      },
    },
    example: "purge --dry-run",
  },
  {
    name: "deletions",
    summary: "the deletion log: references and dates, no personal data",
    options: {},
    example: "deletions",
  },
  {
    name: "waiver",
    summary: "waiver versions sign-ups accepted, or one version's text",
    options: {},
    positionals: [
      {
        name: "VERSION",
        help: "a version, or its start, as waiver lists them: print that waiver's text",
        set(options, raw) {
          if (!/^[0-9a-f]{1,64}$/i.test(raw)) throw new UsageError("waiver VERSION is the hexadecimal version `waiver` lists");
          options.version = raw.toLowerCase();
        },
      },
    ],
    example: "waiver 3f2a9c1b",
  },
];
