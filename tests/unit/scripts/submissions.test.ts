import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { csvCell, helpText, parseArgs, run, toCsv, type Options } from "../../../scripts/submissions";
import { COMMANDS } from "../../../scripts/submissions/commands";
import { addDays, formatLongDate } from "../../../src/content/dates";
import { privacy, site, waiver } from "../../../src/server/content";
import { retentionCutoffs } from "../../../src/server/privacy/retention";
import { hashToken } from "../../../src/server/staff/auth";
import type { NewSubmission } from "../../../src/server/forms/types";
import type { WaiverText } from "../../../src/server/waiver";
import { publishedWaiver } from "../../../src/server/waiver";
import { TSX_NODE } from "../../support/tsxNode";
import { type SubmissionStore, openSqliteStore } from "../../../src/server/app/store";

describe("staff CLI", () => {
  test("arguments", () => {
    expect(parseArgs(["list", "--form", "contact", "--since", "2026-11-01"])).toMatchObject({
      command: "list",
      form: "contact",
      since: new Date("2026-11-01T00:00:00Z"),
    });
    expect(() => parseArgs(["list", "--form", "yoga"])).toThrow(/--form must be one of/);
    expect(() => parseArgs(["list", "--since", "yesterday"])).toThrow(/YYYY-MM-DD/);
    expect(() => parseArgs(["export"])).toThrow(/--format csv/);
    expect(() => parseArgs(["erase"])).toThrow(/Unknown command/);
  });

  test("CSV quotes every cell and defuses spreadsheet formulas", () => {
    const csv = toCsv([
      {
        id: "C-1",
        form: "contact",
        createdAt: new Date("2026-11-20T10:00:00Z"),
        spam: null,
        payload: { name: '=HYPERLINK("x")', phone: "+12535550142", message: 'Hi, "coach"\nline 2' },
      },
    ]);
    expect(csv).toBe(
      '"reference","form","received","name","phone","message"\r\n' +
        '"C-1","contact","2026-11-20T10:00:00.000Z","\'=HYPERLINK(""x"")","\'+12535550142","Hi, ""coach""\nline 2"\r\n',
    );
  });

  test("every formula lead is defused, numbers, full-width forms and hidden leads included", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      expect(csvCell(`${lead}SUM(A1)`)).toBe(`"'${lead}SUM(A1)"`);
    }
    expect(csvCell("+12535550142")).toBe(`"'+12535550142"`);
    expect(csvCell("-3")).toBe(`"'-3"`);
    expect(csvCell("plain")).toBe(`"plain"`);
    // A NUL or CR in front is shown as an escape, so no spreadsheet can skip it to reach the "=";
    // a lone surrogate (not text at all) is escaped the same way.
    expect(csvCell("\u0000=SUM(A1)")).toBe(`"\\u0000=SUM(A1)"`);
    expect(csvCell("\r=SUM(A1)")).toBe(`"\\u000d=SUM(A1)"`);
    expect(csvCell("a\uD800b")).toBe(`"a\\ud800b"`);
  });

  test("list output shows control characters instead of sending them to the terminal", async () => {
    const lines: string[] = [];
    const store = {
      list: async () => [
        {
          id: "C-1",
          form: "contact" as const,
          createdAt: new Date("2026-11-20T10:00:00Z"),
          spam: null,
          payload: { name: "Ana\u001b]0;owned\u0007", email: "a@b.co" },
        },
      ],
    } as unknown as Parameters<typeof run>[1];
    await run(parseArgs(["list"]), store, (text) => lines.push(text));
    expect(lines).toEqual(["C-1  2026-11-20 10:00  contact  Ana\\u001b]0;owned\\u0007  a@b.co"]);
  });

  test("list and export read the same store the site writes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cli-"));
    const store = openSqliteStore(path.join(dir, "s.sqlite"));
    await store.insert({
      id: "C-1",
      form: "contact",
      createdAt: new Date("2026-11-20T10:00:00Z"),
      payload: { name: "Ana", email: "ana@example.com", interest: "kids" },
      spam: null,
      notify: false,
    });
    await store.insert({
      id: "S-1",
      form: "signup",
      createdAt: new Date("2026-11-21T10:00:00Z"),
      payload: { firstName: "Sam", lastName: "Lee", email: "sam@example.com", plan: "unlimited" },
      spam: null,
      notify: false,
    });
    await store.insert({
      id: "C-2",
      form: "contact",
      createdAt: new Date("2026-11-21T11:00:00Z"),
      payload: { name: "Bot" },
      spam: "honeypot",
      notify: false,
    });
    const lines: string[] = [];
    await run(parseArgs(["list"]), store, (t) => lines.push(t));
    expect(lines).toEqual([
      "C-1  2026-11-20 10:00  contact  Ana  ana@example.com  kids",
      "S-1  2026-11-21 10:00  signup  Sam Lee  sam@example.com  unlimited",
    ]);
    lines.length = 0;
    await run(parseArgs(["export", "--format", "json", "--form", "signup"]), store, (t) => lines.push(t));
    expect(JSON.parse(lines.join(""))).toEqual([
      {
        reference: "S-1",
        form: "signup",
        received: "2026-11-21T10:00:00.000Z",
        firstName: "Sam",
        lastName: "Lee",
        email: "sam@example.com",
        plan: "unlimited",
      },
    ]);
    lines.length = 0;
    await run(parseArgs(["outbox"]), store, (t) => lines.push(t));
    expect(lines).toEqual(["Outbox is empty: every staff e-mail has been sent."]);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("staff CLI: the command line", () => {
  const blank = { spam: false, retry: false, all: false, dryRun: false, yes: false, notify: false };
  /** One command line for each command, every option given: what each must read as. */
  const READS: Array<[string[], Options]> = [
    [
      ["list", "--form", "signup", "--since", "2026-11-01", "--spam"],
      { ...blank, command: "list", form: "signup", since: new Date("2026-11-01T00:00:00Z"), spam: true },
    ],
    [
      ["export", "--format=csv", "--form=privacy-request", "--since=2026-01-31", "--spam"],
      { ...blank, command: "export", format: "csv", form: "privacy-request", since: new Date("2026-01-31T00:00:00Z"), spam: true },
    ],
    [["outbox", "--retry"], { ...blank, command: "outbox", retry: true }],
    [["restore", "--id", " x-1 "], { ...blank, command: "restore", id: "X-1" }],
    [["intro", "list", "--all"], { ...blank, command: "intro list", all: true }],
    [["intro", "cancel", " b-7k3m9qx2pa "], { ...blank, command: "intro cancel", reference: "B-7K3M9QX2PA" }],
    [["find", "--email", " Ana@Example.COM "], { ...blank, command: "find", email: "ana@example.com" }],
    [
      ["delete", "--email", "Ana@Example.com", "--request", "p-7k3m9qx2pa", "--yes"],
      { ...blank, command: "delete", email: "ana@example.com", request: "P-7K3M9QX2PA", yes: true },
    ],
    [
      ["withdraw-consent", "--id", "s-1", "--request", "P-7K3M9QX2PA"],
      { ...blank, command: "withdraw-consent", id: "S-1", request: "P-7K3M9QX2PA" },
    ],
    [
      ["verify-request", "p-7k3m9qx2pa", "--how", "Phone"],
      { ...blank, command: "verify-request", reference: "P-7K3M9QX2PA", how: "phone" },
    ],
    [["purge", "--dry-run"], { ...blank, command: "purge", dryRun: true }],
    [["deletions"], { ...blank, command: "deletions" }],
    [["waiver", "ABCdef12"], { ...blank, command: "waiver", version: "abcdef12" }],
  ];

  test("every command reads each of its options", () => {
    for (const [argv, options] of READS) expect(parseArgs(argv)).toEqual(options);
    // Every command in the table is read above, so a new one needs its line here.
    expect(READS.map(([argv]) => parseArgs(argv).command).sort()).toEqual(COMMANDS.map((command) => command.name).sort());
    expect(parseArgs(["delete", "--id", "c-1"])).toEqual({ ...blank, command: "delete", id: "C-1" });
    expect(parseArgs(["intro", "list"])).toEqual({ ...blank, command: "intro list" });
    expect(parseArgs(["waiver"])).toEqual({ ...blank, command: "waiver" });
  });

  test("a wrong command line is one line naming the problem", () => {
    const PROBLEMS: Array<[string[], string]> = [
      [[], "Give a command"],
      [["erase"], 'Unknown command "erase"'],
      [["--form", "contact"], 'Unknown command "--form"'],
      [["intro"], "intro needs list or cancel"],
      [["intro", "stop"], "intro needs list or cancel"],
      [["list", "--yes"], "Unknown option --yes"],
      [["list", "-y"], "Unknown option -y"],
      [["outbox", "--form", "contact"], "Unknown option --form"],
      [["intro", "cancel", "--all", "B-1"], "Unknown option --all"],
      [["purge", "--dry-run=yes"], "--dry-run takes no value"],
      [["list", "--since"], "--since needs a value"],
      [["delete", "--id", "--yes"], "--id needs a value"],
      [["list", "--since", "2026-02-30"], "--since must be a date written YYYY-MM-DD"],
      [["list", "--since", "11/01/2026"], "--since must be a date written YYYY-MM-DD"],
      [
        ["list", "--form", "Contact"],
        "--form must be one of contact, signup, membership-hold, intro, privacy-request, drop-in, kids-trial",
      ],
      [["export", "--format", "xlsx"], "--format must be csv or json"],
      [["export", "--form", "contact"], "export needs --format csv|json"],
      [["find"], "find needs either --email ADDRESS or --person N-XXXXXXXXXX"],
      [["find", "--email", "ana"], "--email must be an e-mail address"],
      [["restore"], "restore needs --id REFERENCE"],
      [["delete", "--yes"], "delete needs one of --id REFERENCE, --email ADDRESS or --person N-XXXXXXXXXX"],
      [["delete", "--id", "C-1", "--request", "Ana Ruiz"], "--request must be a privacy request's reference, like P-7K3M9QX2PA"],
      [["withdraw-consent", "--request", "P-7K3M9QX2PA"], "withdraw-consent needs --id REFERENCE"],
      [["intro", "cancel"], "intro cancel needs the booking's reference, like B-7K3M9QX2PA"],
      [["intro", "cancel", "B-1", "B-2"], 'Unexpected argument "B-2"'],
      [["deletions", "all"], 'Unexpected argument "all"'],
      [["list", "contact"], 'Unexpected argument "contact"'],
      [["waiver", "v1"], "waiver VERSION is the hexadecimal version `waiver` lists"],
    ];
    for (const [argv, problem] of PROBLEMS) {
      let message = "";
      try {
        parseArgs(argv);
      } catch (error) {
        message = (error as Error).message;
      }
      expect([argv, message]).toEqual([argv, problem]);
    }
  });

  test("--help: the list of commands, or one command's options and example, whatever else is given", () => {
    const help = { ...blank, command: "help" };
    expect(parseArgs(["--help"])).toEqual(help);
    expect(parseArgs(["-h"])).toEqual(help);
    expect(parseArgs(["delete", "--help"])).toEqual({ ...help, topic: "delete" });
    // Before the rules across options: delete needs --id or --email, but not to explain itself.
    expect(parseArgs(["delete", "--id", "C-1", "-h"])).toEqual({ ...help, topic: "delete" });
    expect(parseArgs(["intro", "--help"])).toEqual({ ...help, topic: "intro" });
    expect(parseArgs(["intro", "cancel", "--help"])).toEqual({ ...help, topic: "intro cancel" });

    const overview = helpText();
    /** A help text's two-column rows, as [left, right]. */
    const rows = (text: string) => text.split("\n").map((line) => line.trim().split(/ {2,}/));
    for (const command of COMMANDS) expect(rows(overview)).toContainEqual([command.name, command.summary]);
    expect(overview).toContain("npm run submissions -- <command> --help");

    expect(helpText("delete")).toBe(
      [
        "npm run submissions -- delete [--id REFERENCE] [--email ADDRESS] [--person N-XXXXXXXXXX] [--request P-XXXXXXXXXX] [--yes]",
        "",
        "Deletes one submission (--id) or every submission of an address (--email), privacy requests",
        "included, and records each in the deletion log (references and dates, no personal data). With",
        "--email, the request named by --request stays: it is listed in the staff console until it is marked",
        "answered there, as after a deletion from the console. With --person, a person who only texted the",
        "gym goes with their texts, timeline and their numbers' consent to texts, and the audit log keeps the",
        "reference. It first lists what it would delete and asks; only y or yes deletes. Without a terminal",
        "to ask on, it deletes only with --yes.",
        "",
        "Options:",
        "  --id REFERENCE          one submission",
        "  --email ADDRESS         every submission of the address",
        "  --person N-XXXXXXXXXX   a person who only texted the gym (no form), by the reference on their page",
        "  --request P-XXXXXXXXXX  the privacy request that asked for it",
        "  --yes                   delete without asking (for scripts)",
        "  -h, --help              shows this help",
        "",
        "Example:",
        "  npm run submissions -- delete --email ana@example.com --request P-7K3M9QX2PA",
      ].join("\n"),
    );
    expect(helpText("intro")).toContain("npm run submissions -- intro list [--all]");
    expect(helpText("intro")).toContain("npm run submissions -- intro cancel REFERENCE");
    expect(helpText("waiver")).toMatch(/^npm run submissions -- waiver \[VERSION\]$/m);
    expect(helpText("export")).toMatch(/^npm run submissions -- export --format csv\|json \[--form contact\|signup\|/m);
    for (const command of COMMANDS) {
      const text = helpText(command.name);
      for (const [name, option] of Object.entries(command.options)) {
        expect(rows(text)).toContainEqual([option.type === "string" ? `--${name} ${option.value}` : `--${name}`, option.help]);
      }
      expect(rows(text)).toContainEqual(["-h, --help", "shows this help"]);
      // Each example is a command line the parser reads (up to a shell redirection).
      const example = command.example.split(" > ")[0]!.split(" ");
      expect(parseArgs(example).command).toBe(command.name);
    }
  });
});

describe("staff CLI: privacy commands", () => {
  const ANA = "ana@example.com";
  const REQUEST = "P-7K3M9QX2PA";
  /** What --request refuses: only a privacy request's reference can name who asked. */
  const NOT_REQUESTS = [
    "Ana Ruiz",
    "P-7K3M9QX2P",
    "P-7K3M9QX2PAB",
    "C-7K3M9QX2PA",
    "P-7K3M9QX2PI",
    "P-7K3M9QX2PU",
    "P 7K3M9QX2PA",
    "staff",
    "retention",
  ];
  const at = (iso: string) => new Date(iso);
  const published: WaiverText = { version: waiver.version, text: waiver.text };
  const older = (({ version, text }) => ({ version, text }))(
    publishedWaiver({ paragraphs: ["An older waiver.", "Its second paragraph."] }),
  );

  function submission(
    id: string,
    form: NewSubmission["form"],
    createdAt: string,
    payload: Record<string, unknown>,
    extra: Partial<NewSubmission> = {},
  ): NewSubmission {
    return { id, form, createdAt: at(createdAt), payload, spam: null, notify: true, ...extra };
  }

  let dir: string;
  let store: SubmissionStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cli-privacy-"));
    store = openSqliteStore(path.join(dir, "s.sqlite"));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cli(args: string[], now = at("2026-12-01T12:00:00Z")): Promise<string[]> {
    const lines: string[] = [];
    await run(parseArgs(args), store, (text) => lines.push(text), now);
    return lines;
  }

  /** Ana: a contact, a sign-up, a booking, a spam-flagged contact and her privacy request; Ben: a contact. */
  async function seed() {
    await store.insert(
      submission("C-1", "contact", "2026-11-01T09:00:00Z", { name: "Ana\u202e Ruiz", email: ANA, message: "Kids class?" }),
    );
    await store.insert(
      submission(
        "S-1",
        "signup",
        "2026-11-02T09:00:00Z",
        { firstName: "Ana", lastName: "Ruiz", email: ANA, healthInfo: "Asthma", healthConsent: true, waiverVersion: published.version },
        { waiver: published },
      ),
    );
    const start = "2026-12-03T18:00:00.000Z";
    await store.insert(
      submission(
        "B-1",
        "intro",
        "2026-11-03T09:00:00Z",
        { start, end: "2026-12-03T18:30:00.000Z", coach: "Dana", name: "Ana Ruiz", email: ANA },
        {
          booking: { coach: "Dana", start: at(start), end: at("2026-12-03T18:30:00.000Z"), email: ANA },
        },
      ),
    );
    await store.insert(
      submission("X-1", "contact", "2026-11-04T09:00:00Z", { name: "Ana", email: ANA, message: "buy now" }, { spam: "too-fast" }),
    );
    await store.insert(
      submission(REQUEST, "privacy-request", "2026-11-05T09:00:00Z", { name: "Ana Ruiz", email: ANA, request: "deletion" }),
    );
    // Ana confirmed it with the link mailed to her address: the CLI acts for it (the tests at the end cover one she has not).
    const link = (await store.outbox()).find((m) => m.submissionId === REQUEST && m.kind === "privacy-confirm");
    await store.confirmRequest(hashToken(link?.data?.token ?? ""), at("2026-11-05T10:00:00Z"), { notify: false });
    await store.insert(
      submission("C-2", "contact", "2026-11-06T09:00:00Z", { name: "Ben Ortiz", email: "ben@example.com", message: "Hours?" }),
    );
  }

  test("arguments", () => {
    expect(parseArgs(["find", "--email", " Ana@Example.COM "])).toMatchObject({ command: "find", email: ANA });
    expect(() => parseArgs(["find"])).toThrow(/find needs either --email ADDRESS or --person N-XXXXXXXXXX/);
    expect(parseArgs(["find", "--person", " n-7k3m9qx2pa "])).toMatchObject({ command: "find", person: "N-7K3M9QX2PA" });
    expect(() => parseArgs(["find", "--email", ANA, "--person", "N-7K3M9QX2PA"])).toThrow(/find needs either/);
    expect(() => parseArgs(["find", "--person", "C-7K3M9QX2PA"])).toThrow(/--person must be a person's reference, like N-7K3M9QX2PA/);
    expect(parseArgs(["delete", "--person", "N-7K3M9QX2PA", "--yes"])).toMatchObject({
      command: "delete",
      person: "N-7K3M9QX2PA",
      yes: true,
    });
    expect(() => parseArgs(["delete", "--person", "N-7K3M9QX2PA", "--request", REQUEST])).toThrow(
      /--request goes with --email or --id, not --person/,
    );
    expect(() => parseArgs(["delete", "--person", "N-7K3M9QX2PA", "--email", ANA])).toThrow(/delete needs one of/);
    expect(() => parseArgs(["find", "--email"])).toThrow(/--email needs a value/);
    expect(() => parseArgs(["find", "--email", "Ana Ruiz"])).toThrow(/--email must be an e-mail address/);
    expect(parseArgs(["delete", "--id", " c-7k3m9qx2pa", "--request", "p-7k3m9qx2pa "])).toMatchObject({
      command: "delete",
      id: "C-7K3M9QX2PA",
      request: REQUEST,
    });
    const byAddress = parseArgs(["delete", "--email", ANA]);
    expect(byAddress).toMatchObject({ command: "delete", email: ANA });
    expect(byAddress.request).toBeUndefined();
    // Only a privacy request's reference: no name, note or other reference can reach the deletion log.
    for (const bad of NOT_REQUESTS) {
      expect(() => parseArgs(["delete", "--id", "C-1", "--request", bad])).toThrow(/--request must be a privacy request's reference/);
    }
    expect(() => parseArgs(["delete", "--id", "C-1", "--request"])).toThrow(/--request needs a value/);
    expect(() => parseArgs(["delete", "--id"])).toThrow(/--id needs a value/);
    expect(() => parseArgs(["delete"])).toThrow(/delete needs one of --id REFERENCE, --email ADDRESS or --person N-XXXXXXXXXX/);
    expect(() => parseArgs(["delete", "--id", "C-1", "--email", ANA])).toThrow(/delete needs one of/);
    expect(() => parseArgs(["delete", "--id", "C-1", "--dry-run"])).toThrow(/Unknown option --dry-run/);
    expect(() => parseArgs(["list", "--email", ANA])).toThrow(/Unknown option --email/);
    expect(() => parseArgs(["find", "--email", ANA, "--request", REQUEST])).toThrow(/Unknown option --request/);
    expect(parseArgs(["purge", "--dry-run"])).toMatchObject({ command: "purge", dryRun: true });
    expect(parseArgs(["purge"])).toMatchObject({ command: "purge", dryRun: false });
    expect(() => parseArgs(["purge", "--all"])).toThrow(/Unknown option --all/);
    expect(parseArgs(["deletions"])).toMatchObject({ command: "deletions" });
    expect(parseArgs(["waiver"]).version).toBeUndefined();
    expect(parseArgs(["waiver", "ABCDEF12"])).toMatchObject({ command: "waiver", version: "abcdef12" });
    expect(() => parseArgs(["waiver", "v1;rm"])).toThrow(/hexadecimal/);
    expect(() => parseArgs(["waiver", "a".repeat(65)])).toThrow(/hexadecimal/);
  });

  test("find --email: every submission of the address, spam included, with the waiver text accepted, and no one else's", async () => {
    await seed();
    const lines = await cli(["find", "--email", "ANA@example.com"]);
    expect(lines).toHaveLength(1);
    // A bidirectional control is shown as an escape, not sent to the terminal.
    expect(lines[0]).toContain("Ana\\u202e Ruiz");
    expect(lines[0]).not.toContain("\u202e");
    const report = JSON.parse(lines[0]!.replace("\\u202e", "")) as { email: string; submissions: Array<Record<string, unknown>> };
    const UNTOUCHED = { status: "new", followUpOn: null, statusChanges: [], notes: [], source: null };
    // Her contact message and her intro are one person, who holds the pipeline's state and timeline.
    const person = (report as { people?: Array<{ reference: string }> }).people?.[0]?.reference ?? "";
    expect(person).toMatch(/^N-/);
    expect(report).toEqual({
      email: ANA,
      people: [
        {
          reference: person,
          status: "intro-booked",
          followUpOn: null,
          firstResponseAt: null,
          // Her own booking moved it: the timeline says so.
          timeline: [{ at: "2026-11-03T09:00:00.000Z", by: "visitor", kind: "status", status: "intro-booked" }],
        },
      ],
      submissions: [
        {
          reference: "C-1",
          form: "contact",
          received: "2026-11-01T09:00:00.000Z",
          spam: null,
          fields: { name: "Ana Ruiz", email: ANA, message: "Kids class?" },
          lead: { person, source: null },
        },
        {
          reference: "S-1",
          form: "signup",
          received: "2026-11-02T09:00:00.000Z",
          spam: null,
          fields: {
            firstName: "Ana",
            lastName: "Ruiz",
            email: ANA,
            healthInfo: "Asthma",
            healthConsent: true,
            waiverVersion: published.version,
          },
          waiver: { version: published.version, text: published.text, firstAcceptedAt: "2026-11-02T09:00:00.000Z" },
          lead: UNTOUCHED,
        },
        {
          reference: "B-1",
          form: "intro",
          received: "2026-11-03T09:00:00.000Z",
          spam: null,
          fields: { start: "2026-12-03T18:00:00.000Z", end: "2026-12-03T18:30:00.000Z", coach: "Dana", name: "Ana Ruiz", email: ANA },
          lead: { person, source: null },
        },
        {
          reference: "X-1",
          form: "contact",
          received: "2026-11-04T09:00:00.000Z",
          spam: "too-fast",
          fields: { name: "Ana", email: ANA, message: "buy now" },
          lead: UNTOUCHED,
        },
        {
          reference: REQUEST,
          form: "privacy-request",
          received: "2026-11-05T09:00:00.000Z",
          spam: null,
          fields: { name: "Ana Ruiz", email: ANA, request: "deletion" },
          lead: UNTOUCHED,
        },
      ],
    });
    expect(JSON.parse((await cli(["find", "--email", "nobody@example.com"]))[0]!)).toEqual({
      email: "nobody@example.com",
      submissions: [],
    });
  });

  test("delete --email --request: every other submission of the address goes, logged with the request, which stays to be answered", async () => {
    await seed();
    const lines = await cli(["delete", "--email", ANA, "--request", REQUEST.toLowerCase(), "--yes"]);
    const stays = `${REQUEST} stays listed in the staff console until it is marked answered there.`;
    expect(lines).toEqual(["Deleted C-1  contact", "Deleted S-1  signup", "Deleted B-1  intro", "Deleted X-1  contact", stays]);
    // As after a deletion from the console: the request is what the owner answers, then marks answered.
    expect((await store.findByEmail(ANA)).map((s) => s.id)).toEqual([REQUEST]);
    expect((await store.list({ includeSpam: true })).map((s) => s.id).sort()).toEqual(["C-2", REQUEST]);
    expect(await store.bookings(at("2026-01-01T00:00:00Z"))).toEqual([]);
    expect(await cli(["deletions"])).toEqual(
      [
        ["C-1", "contact", "2026-11-01"],
        ["S-1", "signup", "2026-11-02"],
        ["B-1", "intro", "2026-11-03"],
        ["X-1", "contact", "2026-11-04"],
      ].map(([id, form, day]) => `2026-12-01T12:00:00.000Z  ${id}  ${form}  received ${day}T09:00:00.000Z  by ${REQUEST}`),
    );
    expect(await cli(["deletions"])).not.toContainEqual(expect.stringContaining(ANA));
    // Run again, nothing else is held; named by its own reference, the request goes like any submission.
    expect(await cli(["delete", "--email", ANA, "--request", REQUEST, "--yes"])).toEqual([
      `Nothing else is held for the address ${ANA}: nothing to delete.`,
      stays,
    ]);
    expect(await cli(["delete", "--id", REQUEST, "--yes"], at("2026-12-02T12:00:00Z"))).toEqual([`Deleted ${REQUEST}  privacy-request`]);
    // Once deleted, it is not said to stay.
    expect(await cli(["delete", "--email", ANA, "--request", REQUEST, "--yes"])).toEqual([
      `No submission has the address ${ANA}: nothing to delete.`,
    ]);
    // Nothing is left of Ana; the deleted request can still be named for a late find (its log line counts).
    expect(await cli(["delete", "--email", ANA])).toEqual([`No submission has the address ${ANA}: nothing to delete.`]);
    expect(await cli(["delete", "--id", "C-2", "--request", REQUEST, "--yes"], at("2026-12-02T12:00:00Z"))).toEqual([
      "Deleted C-2  contact",
    ]);
  });

  test("delete lists what it would delete, asks, and deletes only on y or yes", async () => {
    await seed();
    const listing = [
      "Would delete 5 submissions:",
      "C-1  2026-11-01 09:00  contact",
      "S-1  2026-11-02 09:00  signup",
      "B-1  2026-11-03 09:00  intro",
      "X-1  2026-11-04 09:00  contact",
      `${REQUEST}  2026-11-05 09:00  privacy-request`,
    ];
    async function answering(answer: string, args = ["delete", "--email", ANA]) {
      const [lines, questions]: [string[], string[]] = [[], []];
      await run(
        parseArgs(args),
        store,
        (text) => lines.push(text),
        at("2026-12-01T12:00:00Z"),
        async (question) => {
          questions.push(question);
          return answer;
        },
      );
      return { lines, questions };
    }
    for (const answer of ["n", "N", "no", "", " ", "yep", "y y", "ja"]) {
      expect(await answering(answer)).toEqual({ lines: [...listing, "Nothing was deleted."], questions: ["Delete 5 submissions? [y/N] "] });
    }
    expect(await store.findByEmail(ANA)).toHaveLength(5);
    expect(await cli(["deletions"])).toEqual(["No deletions recorded."]);
    // The listing shows references, forms and dates, and no more of the person than "Deleted ..." lines do.
    expect(listing.join("\n")).not.toMatch(/ana|ruiz|kids|asthma/i);

    // Without a terminal to ask on, and without --yes, it refuses instead of waiting for an answer.
    await expect(cli(["delete", "--id", "C-2"])).rejects.toThrow(
      "Nothing was deleted: there is no terminal to ask on. Add --yes to delete 1 submission without asking.",
    );
    expect((await store.get("C-2"))?.id).toBe("C-2");

    expect(await answering(" Y ", ["delete", "--id", "c-2"])).toEqual({
      lines: ["Would delete 1 submission:", "C-2  2026-11-06 09:00  contact", "Deleted C-2  contact"],
      questions: ["Delete 1 submission? [y/N] "],
    });
    expect((await answering("YES")).lines).toEqual([
      ...listing,
      "Deleted C-1  contact",
      "Deleted S-1  signup",
      "Deleted B-1  intro",
      "Deleted X-1  contact",
      `Deleted ${REQUEST}  privacy-request`,
    ]);
    expect(await store.list({ includeSpam: true })).toEqual([]);
    // --yes asks nothing, and nothing to delete asks nothing either.
    expect(await answering("n", ["delete", "--email", ANA, "--yes"])).toEqual({
      lines: [`No submission has the address ${ANA}: nothing to delete.`],
      questions: [],
    });
  });

  test("delete: an unknown reference or request is an error, an address with nothing held says so; nothing is deleted", async () => {
    await seed();
    await expect(cli(["delete", "--id", "C-NOPE", "--yes"])).rejects.toThrow("No submission has the reference C-NOPE.");
    await expect(cli(["delete", "--id", "C-1", "--request", "P-0000000000", "--yes"])).rejects.toThrow(
      "No privacy request has the reference P-0000000000.",
    );
    // A deletion request from someone the gym holds nothing about is not a mistake: it is answered, and nothing is asked.
    expect(await cli(["delete", "--email", "nobody@example.com"])).toEqual([
      "No submission has the address nobody@example.com: nothing to delete.",
    ]);
    expect(await store.list({ includeSpam: true })).toHaveLength(6);
    expect(await cli(["deletions"])).toEqual(["No deletions recorded."]);
    expect(await cli(["delete", "--id", "c-2", "--yes"])).toEqual(["Deleted C-2  contact"]);
    expect(await cli(["deletions"])).toEqual(["2026-12-01T12:00:00.000Z  C-2  contact  received 2026-11-06T09:00:00.000Z  by staff"]);
  });

  test("find and delete --person: someone who only texted, as the console's Privacy screen does it; a wrong reference changes nothing", async () => {
    await seed();
    const received = await store.receiveText(
      { phone: "+12535550144", body: "Please delete my number.", sid: `SM${"4".repeat(32)}` },
      site,
      at("2026-11-20T17:00:00Z"),
    );
    if (received.duplicate || !received.personId) throw new Error("the text made no person");
    const person = received.personId;
    const found = JSON.parse((await cli(["find", "--person", person.toLowerCase()])).join("\n")) as { person: { reference: string } };
    expect(found.person.reference).toBe(person);
    expect(JSON.stringify(found)).toContain("Please delete my number.");

    // Ana's person has forms: her address is what goes, as in the console.
    const ana = (await store.leadStates(["C-1"])).get("C-1")?.person ?? "";
    for (const args of [
      ["find", "--person", ana],
      ["delete", "--person", ana, "--yes"],
    ]) {
      await expect(cli(args)).rejects.toThrow(
        `${ana} has sent a form: download and delete by the address on their forms, which takes their texts too.`,
      );
    }
    await expect(cli(["delete", "--person", "N-0000000000", "--yes"])).rejects.toThrow("No person has the reference N-0000000000.");
    // Without a terminal and without --yes: it says whose texts they are and deletes nothing.
    await expect(cli(["delete", "--person", person])).rejects.toThrow(
      `Nothing was deleted: there is no terminal to ask on. Add --yes to delete ${person} without asking.`,
    );
    expect(await store.personOf(person)).toBeDefined();

    const asked: string[] = [];
    const lines: string[] = [];
    await run(
      parseArgs(["delete", "--person", person]),
      store,
      (text) => lines.push(text),
      at("2026-12-01T12:00:00Z"),
      async (question) => {
        asked.push(question);
        return "y";
      },
    );
    expect(asked).toEqual([`Delete ${person}? [y/N] `]);
    expect(lines).toEqual([
      `Would delete ${person}: 1 text with ...0144, 2026-11-20 17:00 to 2026-11-20 17:00, their timeline and their numbers' consent to texts.`,
      `Deleted ${person}: their texts, timeline and their numbers' consent to texts.`,
    ]);
    expect(await store.personOf(person)).toBeUndefined();
    expect(await store.textsOfNumber("+12535550144")).toEqual([]);
    expect(await store.auditLog(10)).toContainEqual(expect.objectContaining({ actor: "cli", action: "privacy.delete", target: person }));
    // Ana's forms are untouched.
    expect(await store.findByEmail(ANA)).toHaveLength(5);
  });

  test("withdraw-consent: arguments", () => {
    expect(parseArgs(["withdraw-consent", "--id", " s-7k3m9qx2pa", "--request", "p-7k3m9qx2pa "])).toMatchObject({
      command: "withdraw-consent",
      id: "S-7K3M9QX2PA",
      request: REQUEST,
    });
    const byStaff = parseArgs(["withdraw-consent", "--id", "S-1"]);
    expect(byStaff).toMatchObject({ command: "withdraw-consent", id: "S-1" });
    expect(byStaff.request).toBeUndefined();
    for (const bad of NOT_REQUESTS) {
      expect(() => parseArgs(["withdraw-consent", "--id", "S-1", "--request", bad])).toThrow(
        /--request must be a privacy request's reference/,
      );
    }
    expect(() => parseArgs(["withdraw-consent", "--id", "S-1", "--request"])).toThrow(/--request needs a value/);
    expect(() => parseArgs(["withdraw-consent", "--id"])).toThrow(/--id needs a value/);
    expect(() => parseArgs(["withdraw-consent"])).toThrow(/withdraw-consent needs --id REFERENCE/);
    expect(() => parseArgs(["withdraw-consent", "--request", REQUEST])).toThrow(/withdraw-consent needs --id REFERENCE/);
    expect(() => parseArgs(["withdraw-consent", "--email", ANA])).toThrow(/Unknown option --email/);
    expect(() => parseArgs(["withdraw-consent", "--id", "S-1", "--dry-run"])).toThrow(/Unknown option --dry-run/);
    expect(() => parseArgs(["list", "--id", "S-1"])).toThrow(/Unknown option --id/);
  });

  test("withdraw-consent: the sign-up's health information goes with its unsent e-mail; the sign-up and everything else stay", async () => {
    await seed();
    const others = (await store.list({ includeSpam: true })).filter((s) => s.id !== "S-1");
    // The sign-up's staff e-mail is still pending: it would carry the health information.
    expect((await store.outbox(["pending"])).map((m) => m.submissionId)).toEqual(["C-1", "S-1", "B-1", REQUEST, "C-2"]);

    expect(await cli(["withdraw-consent", "--id", " s-1", "--request", REQUEST.toLowerCase()])).toEqual([
      "Removed the health information from S-1.",
    ]);
    expect(await store.get("S-1")).toEqual({
      id: "S-1",
      form: "signup",
      createdAt: at("2026-11-02T09:00:00Z"),
      spam: null,
      payload: { firstName: "Ana", lastName: "Ruiz", email: ANA, waiverVersion: published.version },
    });
    expect((await store.list({ includeSpam: true })).filter((s) => s.id !== "S-1")).toEqual(others);
    expect((await store.outbox()).map((m) => m.submissionId)).toEqual(["C-1", "B-1", REQUEST, "C-2"]);
    // Not a deletion: the log stays empty, and the access report shows the sign-up without the health fields.
    expect(await cli(["deletions"])).toEqual(["No deletions recorded."]);
    expect(JSON.stringify(JSON.parse((await cli(["find", "--email", ANA]))[0]!))).not.toMatch(/Asthma|healthInfo|healthConsent/);
    // Twice is an error: there is nothing left to remove.
    await expect(cli(["withdraw-consent", "--id", "S-1"])).rejects.toThrow("No sign-up with health information has the reference S-1.");
  });

  test("withdraw-consent: an unknown reference, a submission without health information or an unknown request is an error and changes nothing", async () => {
    await seed();
    const [submissions, outbox] = [await store.list({ includeSpam: true }), await store.outbox()];
    await expect(cli(["withdraw-consent", "--id", "S-NOPE"])).rejects.toThrow(
      "No sign-up with health information has the reference S-NOPE.",
    );
    await expect(cli(["withdraw-consent", "--id", "C-1"])).rejects.toThrow("No sign-up with health information has the reference C-1.");
    await expect(cli(["withdraw-consent", "--id", "S-1", "--request", "P-0000000000"])).rejects.toThrow(
      "No privacy request has the reference P-0000000000.",
    );
    expect(await store.list({ includeSpam: true })).toEqual(submissions);
    expect(await store.outbox()).toEqual(outbox);
    // As for delete, a request already deleted still names who asked: its log line counts.
    expect(await cli(["delete", "--id", REQUEST, "--yes"])).toEqual([`Deleted ${REQUEST}  privacy-request`]);
    expect(await cli(["withdraw-consent", "--id", "S-1", "--request", REQUEST])).toEqual(["Removed the health information from S-1."]);
  });

  test("restore --id: one held as too fast goes to the staff list with its staff e-mail; a real one or a typo is an error", async () => {
    await seed();
    expect(await cli(["list", "--spam"])).toContainEqual(expect.stringMatching(/^X-1 .*spam:too-fast$/));
    const restore = (id: string, notify: boolean) =>
      run({ ...parseArgs(["restore", "--id", id]), notify }, store, () => undefined, at("2026-12-01T12:00:00Z"));
    await expect(restore("C-1", true)).rejects.toThrow(/No submission held as spam has the reference C-1/);
    await expect(restore("X-404", true)).rejects.toThrow(/X-404/);
    const before = (await store.outbox()).length;
    const lines: string[] = [];
    await run({ ...parseArgs(["restore", "--id", "x-1"]), notify: true }, store, (text) => lines.push(text), at("2026-12-01T12:00:00Z"));
    expect(lines).toEqual(["X-1 is in the staff list now; its staff e-mail is queued."]);
    expect((await store.list()).map((s) => s.id)).toContain("X-1");
    expect((await store.get("X-1"))?.spam).toBeNull();
    const queued = (await store.outbox()).slice(before);
    expect(queued.map((m) => [m.submissionId, m.kind, m.status])).toEqual([["X-1", "staff", "pending"]]);
    expect(() => parseArgs(["restore"])).toThrow(/restore needs --id REFERENCE/);
  });

  test("purge --dry-run lists exactly what purge then deletes, and deletes nothing itself", async () => {
    const now = at("2026-11-20T12:00:00Z");
    const cutoffs = retentionCutoffs(now, privacy);
    const contactBefore = cutoffs.forms.find((f) => f.form === "contact")!.before;
    const iso = (date: Date, delta = 0) => new Date(date.getTime() + delta).toISOString();
    await store.insert(submission("X-OLD", "contact", iso(cutoffs.spamBefore, -1), { name: "Bot" }, { spam: "honeypot" }));
    await store.insert(submission("X-NEW", "contact", iso(cutoffs.spamBefore), { name: "Bot" }, { spam: "honeypot" }));
    await store.insert(submission("C-OLD", "contact", iso(contactBefore, -1), { name: "Ana" }));
    await store.insert(submission("C-NEW", "contact", iso(contactBefore), { name: "Ana" }));
    await store.insert(submission("S-OLD", "signup", "2015-01-01T00:00:00.000Z", { firstName: "Ana" }));
    const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const header = `Retention (content/privacy.json): spam before ${utc(cutoffs.spamBefore)}, ${cutoffs.forms.map((f) => `${f.form} before ${utc(f.before)}`).join(", ")}.`;

    expect(await cli(["purge", "--dry-run"], now)).toEqual([
      header,
      "Dry run: these 2 would be deleted (nothing was):",
      `C-OLD  ${iso(contactBefore, -1).slice(0, 16).replace("T", " ")}  contact`,
      `X-OLD  ${iso(cutoffs.spamBefore, -1).slice(0, 16).replace("T", " ")}  contact  spam`,
    ]);
    expect(await store.list({ includeSpam: true })).toHaveLength(5);
    expect(await cli(["purge"], now)).toEqual([header, "Deleted: 1 spam, 1 contact."]);
    expect((await store.list({ includeSpam: true })).map((s) => s.id).sort()).toEqual(["C-NEW", "S-OLD", "X-NEW"]);
    expect((await cli(["purge"], now))[1]).toBe("Nothing was past its retention.");
    expect((await cli(["purge", "--dry-run"], now))[1]).toBe("Dry run: nothing is past its retention.");
    expect(await cli(["deletions"])).toEqual([
      `2026-11-20T12:00:00.000Z  C-OLD  contact  received ${iso(contactBefore, -1)}  by retention`,
    ]);
  });

  test("waiver: the versions sign-ups accepted, and one version's text by its start", async () => {
    expect(await cli(["waiver"])).toEqual(["No sign-up has accepted a waiver yet."]);
    await store.insert(
      submission("S-1", "signup", "2026-10-01T09:00:00Z", { email: ANA, waiverVersion: older.version }, { waiver: older }),
    );
    await store.insert(
      submission(
        "S-2",
        "signup",
        "2026-11-02T09:00:00Z",
        { email: "ben@example.com", waiverVersion: published.version },
        { waiver: published },
      ),
    );
    await store.insert(
      submission(
        "S-3",
        "signup",
        "2026-11-03T09:00:00Z",
        { email: "cy@example.com", waiverVersion: published.version },
        { waiver: published },
      ),
    );
    expect(await cli(["waiver"])).toEqual([
      `${older.version}  first accepted 2026-10-01T09:00:00.000Z`,
      `${published.version}  first accepted 2026-11-02T09:00:00.000Z`,
    ]);
    expect(await cli(["waiver", older.version.slice(0, 12).toUpperCase()])).toEqual(["An older waiver.\n\nIts second paragraph."]);
    expect(await cli(["waiver", published.version])).toEqual([published.text]);
    const unknown = older.version.startsWith("0") ? "f" : "0";
    await expect(cli(["waiver", unknown.repeat(64)])).rejects.toThrow(`No stored waiver has the version ${unknown.repeat(64)}.`);
  });
});

describe("staff CLI as staff run it: its own process, with a terminal or without", () => {
  const CLI = path.resolve("scripts/submissions.ts");
  const ANA = "ana@example.com";
  const REQUEST = "P-7K3M9QX2PA";

  interface Finished {
    code: number | null;
    stdout: string;
    stderr: string;
  }

  let dir: string;
  let store: SubmissionStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cli-process-"));
    // The file the CLI opens for DATA_DIR, as the site writes it.
    store = openSqliteStore(path.join(dir, "submissions.sqlite"));
    const insert = (id: string, form: NewSubmission["form"], day: string, payload: Record<string, unknown>) =>
      store.insert({ id, form, createdAt: new Date(`${day}T09:00:00Z`), payload, spam: null, notify: false });
    await insert("C-1", "contact", "2026-11-01", { name: "Ana Ruiz", email: ANA, message: "Kids class?" });
    await insert(REQUEST, "privacy-request", "2026-11-05", { name: "Ana Ruiz", email: ANA, request: "deletion" });
    // Confirmed: the owner checked it was Ana (no mail here, so no link).
    await store.verifyRequest(REQUEST, "in-person", new Date("2026-11-05T10:00:00Z"), { notify: false });
    await insert("C-2", "contact", "2026-11-06", { name: "Ben Ortiz", email: "ben@example.com", message: "Hours?" });
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function finished(child: ReturnType<typeof spawn>): Promise<Finished> {
    let [stdout, stderr] = ["", ""];
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A CLI that waits for an answer nobody gives would otherwise hold the test until Jest's timeout.
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    return new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }

  /** stdin is a pipe, as from a script or cron: it gets `input`, then ends. */
  function piped(args: string[], input = ""): Promise<Finished> {
    const [node, ...flags] = TSX_NODE;
    const child = spawn(node, [...flags, CLI, ...args], { env: { ...process.env, DATA_DIR: dir }, stdio: "pipe" });
    const done = finished(child);
    child.stdin.end(input);
    return done;
  }

  /**
   * At a real terminal: util-linux `script` runs the CLI on a pseudo-terminal, as a person's shell does,
   * and `keys` are typed once the question shows. The terminal echoes them and ends lines with \r\n;
   * its output (stdout and stderr together) comes back as plain lines.
   */
  async function atTerminal(args: string[], keys: string): Promise<Finished> {
    const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;
    const child = spawn("script", ["--quiet", "--return", "--command", [...TSX_NODE, CLI, ...args].map(quote).join(" "), "/dev/null"], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: "pipe",
    });
    let typed = false;
    let shown = "";
    child.stdout.on("data", (chunk: Buffer) => {
      shown += chunk.toString();
      if (!typed && shown.includes("[y/N]")) {
        typed = true;
        child.stdin.write(keys);
      }
    });
    const result = await finished(child);
    child.stdin.end();
    // eslint-disable-next-line no-control-regex -- the terminal's own control sequences, removed to compare text
    return { ...result, stdout: result.stdout.replace(/\r/g, "").replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "") };
  }

  const listing = ["Would delete 2 submissions:", "C-1  2026-11-01 09:00  contact", `${REQUEST}  2026-11-05 09:00  privacy-request`];
  const ids = async () => (await store.list({ includeSpam: true })).map((s) => s.id);

  // util-linux's script(1) makes the terminal; another script (macOS, BSD) takes other options. CI
  // installs it (.ci/run), so there a missing one fails the test instead of skipping it.
  const hasTerminalMaker = /util-linux/.test(spawnSync("script", ["--version"], { encoding: "utf8" }).stdout ?? "");
  const testAtTerminal = hasTerminalMaker || process.env.CI ? test : test.skip;

  testAtTerminal(
    "at a terminal: n keeps everything, Ctrl+C too, y deletes",
    async () => {
      for (const keys of ["n\r", "\u0003"]) {
        const no = await atTerminal(["delete", "--email", ANA], keys);
        expect(no.code).toBe(0);
        expect(no.stdout).toContain(`${listing.join("\n")}\nDelete 2 submissions? [y/N] `);
        expect(no.stdout).toMatch(/\nNothing was deleted\.\n$/);
        expect(await ids()).toEqual(["C-1", REQUEST, "C-2"]);
      }
      expect(await store.deletions()).toEqual([]);

      // For the request: it is not among what goes (it stays to be answered in the console).
      const yes = await atTerminal(["delete", "--email", ANA, "--request", REQUEST], "y\r");
      expect(yes.code).toBe(0);
      expect(yes.stdout).toContain(
        `${listing[0]!.replace("2 submissions", "1 submission")}\n${listing[1]}\nDelete 1 submission? [y/N] y\n`,
      );
      expect(yes.stdout).toMatch(
        /\nDeleted C-1 {2}contact\nP-7K3M9QX2PA stays listed in the staff console until it is marked answered there\.\n$/,
      );
      expect(await ids()).toEqual([REQUEST, "C-2"]);
      expect((await store.deletions()).map((r) => [r.reference, r.requestedBy])).toEqual([["C-1", REQUEST]]);
    },
    60_000,
  );

  test("without a terminal: --yes deletes without asking; without it, nothing is deleted, whatever the pipe says", async () => {
    const refused = await piped(["delete", "--email", ANA], "y\n");
    expect(refused).toEqual({
      code: 2,
      stdout: `${listing.join("\n")}\n`,
      stderr:
        "Nothing was deleted: there is no terminal to ask on. Add --yes to delete 2 submissions without asking.\n" +
        "See npm run submissions -- delete --help\n",
    });
    expect(await ids()).toEqual(["C-1", REQUEST, "C-2"]);

    expect(await piped(["delete", "--email", ANA, "--yes"])).toEqual({
      code: 0,
      stdout: `Deleted C-1  contact\nDeleted ${REQUEST}  privacy-request\n`,
      stderr: "",
    });
    expect(await ids()).toEqual(["C-2"]);
    expect(await piped(["delete", "--email", ANA])).toEqual({
      code: 0,
      stdout: `No submission has the address ${ANA}: nothing to delete.\n`,
      stderr: "",
    });
  }, 60_000);

  test("exit codes: 0 for help, 2 for a wrong or missing command (which lists the commands), 1 for a request the store cannot carry out", async () => {
    expect(await piped(["--help"])).toEqual({ code: 0, stdout: `${helpText()}\n`, stderr: "" });
    expect(await piped([])).toEqual({ code: 2, stdout: "", stderr: `${helpText()}\n` });
    expect(await piped(["purge", "--dry-run", "--since", "2026-11-01"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "Unknown option --since\nSee npm run submissions -- purge --help\n",
    });
    expect(await piped(["delete", "--id", "C-404", "--yes"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "No submission has the reference C-404.\n",
    });
    expect(await ids()).toEqual(["C-1", REQUEST, "C-2"]);
  }, 60_000);
});

describe("staff CLI: a privacy request is acted on only once its person confirmed it", () => {
  const ANA = "ana@example.com";
  const REQUEST = "P-7K3M9QX2PA";
  const NOW = new Date("2026-12-01T12:00:00Z");
  let dir: string;
  let store: SubmissionStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cli-verify-"));
    store = openSqliteStore(path.join(dir, "s.sqlite"));
    const received = new Date("2026-11-05T09:00:00Z");
    const base = { createdAt: received, spam: null, notify: true };
    await store.insert({
      ...base,
      id: "S-1",
      form: "signup",
      payload: { firstName: "Ana", lastName: "Ruiz", email: ANA, healthInfo: "Asthma", healthConsent: true },
    });
    // Anyone can name Ana's address: the request's link went to her, and nobody has used it.
    await store.insert({ ...base, id: REQUEST, form: "privacy-request", payload: { name: "Ana Ruiz", email: ANA, request: "deletion" } });
    await store.insert({
      ...base,
      id: "P-SPAMSPAM00",
      form: "privacy-request",
      payload: { email: ANA, request: "access" },
      spam: "too-fast",
    });
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cli(args: string[], now = NOW): Promise<string[]> {
    const lines: string[] = [];
    await run(parseArgs(args), store, (text) => lines.push(text), now);
    return lines;
  }
  const NOT_CONFIRMED = new RegExp(
    `^${REQUEST} is not confirmed yet: .* Nothing was done\\. .*npm run submissions -- verify-request ${REQUEST} --how in-person`,
  );

  test("verify-request: arguments", () => {
    expect(parseArgs(["verify-request", " p-7k3m9qx2pa", "--how", "in-person"])).toMatchObject({
      command: "verify-request",
      reference: REQUEST,
      how: "in-person",
    });
    for (const how of ["phone", "email"]) expect(parseArgs(["verify-request", REQUEST, "--how", how])).toMatchObject({ how });
    expect(() => parseArgs(["verify-request", REQUEST])).toThrow("verify-request needs --how in-person|phone|email");
    expect(() => parseArgs(["verify-request", REQUEST, "--how", "my cousin vouched"])).toThrow(
      "--how must be one of in-person, phone, email",
    );
    expect(() => parseArgs(["verify-request", "--how", "phone"])).toThrow(
      "verify-request needs the privacy request's reference, like P-7K3M9QX2PA",
    );
    expect(() => parseArgs(["verify-request", "Ana Ruiz", "--how", "phone"])).toThrow(
      "verify-request needs the privacy request's reference, like P-7K3M9QX2PA",
    );
  });

  test("delete and withdraw-consent --request refuse an unconfirmed request with the console's sentence; nothing changes", async () => {
    const before = { submissions: await store.list({ includeSpam: true }), outbox: await store.outbox() };
    await expect(cli(["delete", "--email", ANA, "--request", REQUEST, "--yes"])).rejects.toThrow(NOT_CONFIRMED);
    await expect(cli(["delete", "--id", "S-1", "--request", REQUEST, "--yes"])).rejects.toThrow(NOT_CONFIRMED);
    await expect(cli(["withdraw-consent", "--id", "S-1", "--request", REQUEST])).rejects.toThrow(NOT_CONFIRMED);
    expect({ submissions: await store.list({ includeSpam: true }), outbox: await store.outbox() }).toEqual(before);
    expect(await store.deletions()).toEqual([]);
    // The owner's own look-up by address stays as it is.
    expect(JSON.parse((await cli(["find", "--email", ANA]))[0] ?? "{}")).toMatchObject({ email: ANA });
  });

  test("verify-request marks it confirmed, says the answer-by date and writes the audit log; then --request works", async () => {
    const due = formatLongDate(addDays("2026-12-01", privacy.requestResponseDays));
    expect(await cli(["verify-request", REQUEST, "--how", "in-person"])).toEqual([
      `Marked ${REQUEST} confirmed (checked in person). Answer by ${due}.`,
    ]);
    expect(await store.auditLog(10)).toEqual([{ at: NOW, actor: "cli", action: "privacy.verify.in-person", target: REQUEST }]);
    expect(await cli(["verify-request", REQUEST, "--how", "phone"], new Date("2026-12-02T12:00:00Z"))).toEqual([
      `${REQUEST} was already confirmed on ${formatLongDate("2026-12-01")} (checked in person). Answer by ${due}.`,
    ]);
    expect(await store.auditLog(10)).toHaveLength(1);
    expect(await cli(["withdraw-consent", "--id", "S-1", "--request", REQUEST])).toEqual(["Removed the health information from S-1."]);
    expect(await cli(["delete", "--email", ANA, "--request", REQUEST, "--yes"])).toEqual([
      "Deleted P-SPAMSPAM00  privacy-request",
      "Deleted S-1  signup",
      `${REQUEST} stays listed in the staff console until it is marked answered there.`,
    ]);
  });

  test("verify-request: an unknown reference or one held as spam is an error, and nothing is logged", async () => {
    await expect(cli(["verify-request", "P-0000000000", "--how", "phone"])).rejects.toThrow(
      "No privacy request has the reference P-0000000000.",
    );
    await expect(cli(["verify-request", "P-SPAMSPAM00", "--how", "phone"])).rejects.toThrow(
      "P-SPAMSPAM00 is held as spam: restore it first (restore --id P-SPAMSPAM00).",
    );
    expect(await store.auditLog(10)).toEqual([]);
  });
});
