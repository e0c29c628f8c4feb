import Sqlite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Pool } from "pg";
import type { FormName } from "../../src/forms/registry";
import type { Database, LeadSourcesTable } from "../../src/server/store/schema";
import type { SubmissionStore } from "../../src/server/app/store";

/**
 * A store whose reports are known, for the reports' unit tests and their screen's end-to-end test.
 * Everything is written through the store's own operations (insert, updateLead, markAttendance,
 * cancelBooking), except where each lead came from: the public forms write lead_sources with the
 * submission, and no store operation writes one on its own, so `SourceWriter` writes the rows straight
 * into the database file or server.
 *
 * Now is Wednesday 2026-11-25, noon at the gym (America/Los_Angeles, PST; the tests' build day). This
 * week began Monday 2026-11-23 at 08:00 UTC; the 4 weeks before it on Monday 2026-10-26 at 07:00 UTC
 * (PDT: summer time ended on Sunday 2026-11-01); the 12 weeks on Monday 2026-08-31 at 07:00 UTC.
 * Opening hours (content/site.json): Monday to Friday 05:00-19:00, Saturday 09:00-11:00.
 */
export const REPORT_NOW = new Date("2026-11-25T20:00:00Z");

export type SourceRow = Omit<LeadSourcesTable, "submission_id">;
export type SourceWriter = (id: string, source: Partial<SourceRow>) => Promise<void>;

const STAFF = "owner@gym.example";
const COACH = "coach@gym.example";
const at = (iso: string) => new Date(iso);

interface Lead {
  id: string;
  form: FormName;
  createdAt: string;
  spam?: string;
  /** A free intro booked with the form, starting then (30 minutes, coach Dana). */
  intro?: string;
  /** Another lead's address: the same person (the address is the reference in lower case otherwise). */
  email?: string;
  source?: Partial<SourceRow>;
}

const LEADS: Lead[] = [
  // This week: 7 people with a sales form (and a sign-up and a hold, members' business; one spam, one
  // privacy request: none counted).
  { id: "C-W1", form: "contact", createdAt: "2026-11-23T18:00:00Z", source: { utm_source: "facebook", referrer_host: "l.facebook.com" } },
  { id: "C-W2", form: "contact", createdAt: "2026-11-24T02:30:00Z", source: { referrer_host: "www.google.com" } },
  { id: "S-W3", form: "signup", createdAt: "2026-11-24T17:00:00Z", source: {} },
  // One person: a contact message, then an intro an hour later with the same address. Counted once, from the message.
  {
    id: "C-W4",
    form: "contact",
    createdAt: "2026-11-23T19:00:00Z",
    email: "b-w4@example.com",
    source: { utm_source: "Facebook", referrer_host: "m.facebook.com" },
  },
  { id: "B-W4", form: "intro", createdAt: "2026-11-23T20:00:00Z", intro: "2026-11-24T17:00:00Z", source: { utm_source: "facebook" } },
  // Monday, midnight at the gym: the first instant of this week.
  { id: "H-W5", form: "membership-hold", createdAt: "2026-11-23T08:00:00Z" },
  { id: "V-W6", form: "drop-in", createdAt: "2026-11-25T16:00:00Z", source: { utm_source: "", referrer_host: "www.google.com" } },
  { id: "B-W7", form: "intro", createdAt: "2026-11-23T09:00:00Z", intro: "2026-11-25T17:00:00Z" },
  { id: "B-W8", form: "intro", createdAt: "2026-11-23T10:00:00Z", intro: "2026-11-25T18:00:00Z" },
  { id: "B-W10", form: "intro", createdAt: "2026-11-23T11:00:00Z", intro: "2026-11-24T19:00:00Z" },
  { id: "C-SPAM", form: "contact", createdAt: "2026-11-24T12:00:00Z", spam: "honeypot", source: { utm_source: "facebook" } },
  { id: "P-PRIV", form: "privacy-request", createdAt: "2026-11-24T13:00:00Z", source: {} },
  // The 4 weeks before: 6 leads.
  // Sunday 2026-11-01, 23:30 at the gym (PST): the week of October 26, though it is Monday in UTC.
  { id: "C-A1", form: "contact", createdAt: "2026-11-02T07:30:00Z" },
  { id: "C-A2", form: "contact", createdAt: "2026-11-02T08:30:00Z", source: { utm_source: "instagram" } },
  { id: "B-A4", form: "intro", createdAt: "2026-11-10T18:00:00Z", intro: "2026-11-12T17:00:00Z" },
  { id: "S-A3", form: "signup", createdAt: "2026-11-16T08:00:00Z", source: {} },
  { id: "B-L12", form: "intro", createdAt: "2026-11-19T18:00:00Z", intro: "2026-11-27T17:00:00Z" },
  { id: "B-L9", form: "intro", createdAt: "2026-11-20T18:00:00Z", intro: "2026-11-23T17:00:00Z", source: { utm_source: "facebook" } },
  // Only in the 12 weeks: Sunday 2026-10-25 23:59 (PDT), Monday 2026-08-31 00:00 (PDT); one second before the 12 weeks.
  { id: "C-Q2", form: "contact", createdAt: "2026-10-26T06:59:00Z" },
  { id: "C-Q1", form: "contact", createdAt: "2026-08-31T07:00:00Z" },
  { id: "C-Q0", form: "contact", createdAt: "2026-08-31T06:59:59Z" },
];

/** Staff changes of status, in order. */
const CHANGES: Array<[id: string, status: "contacted" | "intro-booked" | "joined" | "lost", at: string]> = [
  // 3 min; 3 min of opening hours. Then joined.
  ["C-W1", "contacted", "2026-11-23T18:03:00Z"],
  ["C-W1", "joined", "2026-11-24T18:00:00Z"],
  // Monday 18:30 -> Tuesday 05:30: 11 h; 30 + 30 min of opening hours.
  ["C-W2", "contacted", "2026-11-24T13:30:00Z"],
  ["C-W2", "lost", "2026-11-24T14:00:00Z"],
  // Tuesday 09:00 -> Wednesday 09:00: exactly a day (within 1 day); 10 h + 4 h of opening hours.
  ["S-W3", "joined", "2026-11-25T17:00:00Z"],
  // Monday 01:00 -> 09:00: 8 h; 4 h of opening hours (from 05:00). Its own booking had made it Intro booked.
  ["B-W7", "contacted", "2026-11-23T17:00:00Z"],
  // A privacy request answered: no lead, never counted.
  ["P-PRIV", "contacted", "2026-11-24T13:01:00Z"],
  // Monday 00:30 -> 05:00: 4 h 30 min, none of it in opening hours. Then booked and joined.
  ["C-A2", "contacted", "2026-11-02T13:00:00Z"],
  ["C-A2", "intro-booked", "2026-11-03T18:00:00Z"],
  ["C-A2", "joined", "2026-11-10T18:00:00Z"],
  // Lost without an answer: not contacted.
  ["S-A3", "lost", "2026-11-17T18:00:00Z"],
];

export async function seedReports(store: SubmissionStore, writeSource: SourceWriter): Promise<void> {
  for (const lead of LEADS) {
    const email = lead.email ?? `${lead.id.toLowerCase()}@example.com`;
    const booking = lead.intro
      ? { coach: "Dana", start: at(lead.intro), end: new Date(at(lead.intro).getTime() + 30 * 60_000), email }
      : undefined;
    await store.insert({
      id: lead.id,
      form: lead.form,
      createdAt: at(lead.createdAt),
      payload: { name: lead.id, email },
      spam: lead.spam ?? null,
      notify: false,
      booking,
    });
    if (lead.source) await writeSource(lead.id, lead.source);
  }
  for (const [id, status, when] of CHANGES) await store.updateLead(id, { status }, STAFF, at(when));
  // Wednesday 08:00 -> 08:02: a coach's call reached them (their answer; the status stays New).
  await store.logContact("V-W6", { channel: "call", outcome: "reached" }, COACH, at("2026-11-25T16:02:00Z"));
  // A call that found nobody is no answer.
  await store.logContact("B-W8", { channel: "call", outcome: "no-answer" }, COACH, at("2026-11-24T16:00:00Z"));
  const mark = (id: string, attendance: "attended" | "no-show", when: string) =>
    store.markAttendance(id, attendance, { by: STAFF, at: at(when), followUpOn: when.slice(0, 10) });
  await mark("B-W4", "attended", "2026-11-24T18:00:00Z");
  await mark("B-W7", "no-show", "2026-11-25T18:00:00Z");
  await mark("B-L9", "attended", "2026-11-23T18:00:00Z");
  await mark("B-A4", "no-show", "2026-11-12T18:00:00Z");
  // Cancelled: it was booked, but it is no intro anyone could come to.
  await store.cancelBooking("B-W10", at("2026-11-24T10:00:00Z"));
}

const source = (row: Partial<SourceRow>): SourceRow => ({
  landing_page: "/",
  referrer_host: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  ...row,
});

/** Writes source rows into a SQLite store's file, beside the store's own connection (WAL lets both). */
export function sqliteSources(file: string): { write: SourceWriter; close: () => Promise<void> } {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) });
  return {
    write: async (id, row) =>
      void (await db
        .insertInto("lead_sources")
        .values({ submission_id: id, ...source(row) })
        .execute()),
    close: () => db.destroy(),
  };
}

/** Writes source rows into a PostgreSQL store's database. */
export function postgresSources(url: string): { write: SourceWriter; close: () => Promise<void> } {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 1 }) }) });
  return {
    write: async (id, row) =>
      void (await db
        .insertInto("lead_sources")
        .values({ submission_id: id, ...source(row) })
        .execute()),
    close: () => db.destroy(),
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The figures the seeded store must give, worked out by hand from the rows above. */
export const EXPECTED = {
  week: {
    firstDay: "2026-11-23",
    lastDay: "2026-11-25",
    // C-W1, C-W2, the person of C-W4 and B-W4, V-W6, B-W7, B-W8, B-W10; each by their first form this week.
    leads: 7,
    byForm: { contact: 3, intro: 3, "drop-in": 1, "kids-trial": 0 },
    byWeek: [{ week: "2026-11-23", leads: 7 }],
    // Answered: V-W6 2 min (a coach's call), C-W1 3 min, B-W7 8 h, C-W2 11 h, C-W4/B-W4 23 h (from the message,
    // Monday 11:00, to Tuesday 10:00, when the owner marked that they came). Opening hours: 2 min, 3 min, 4 h, 1 h,
    // 8 h + 5 h = 13 h. p90 between the 4th and 5th (rank 3.6): 11 h + 0.6 x 12 h = 18 h 12 min; 4 h + 0.6 x 9 h = 9 h 24 min.
    // B-W8 (a call with no answer) and B-W10 (cancelled) were never answered: not within any limit.
    response: {
      answered: 5,
      unanswered: 2,
      median: { clockMs: 8 * HOUR, openMs: HOUR },
      p90: { clockMs: 18 * HOUR + 12 * MIN, openMs: 9 * HOUR + 24 * MIN },
      within: [
        { label: "5 min", leads: 2 },
        { label: "1 hour", leads: 2 },
        { label: "1 day", leads: 5 },
      ],
    },
    // Answered 5; of them booked: B-W7 and C-W4/B-W4 (C-W1 joined after a call, with no intro); came: C-W4/B-W4; joined: none of those.
    funnel: [
      { step: "new", leads: 7 },
      { step: "contacted", leads: 5 },
      { step: "intro-booked", leads: 2 },
      { step: "came", leads: 1 },
      { step: "joined", leads: 0 },
    ],
    joined: 1,
    // Started this week, not cancelled: B-L9 (last week's lead) and B-W4 came, B-W7 did not, B-W8 not marked.
    intros: { attended: 2, noShow: 1, unmarked: 1 },
    sources: [
      {
        source: "Facebook",
        raw: [
          { value: "Facebook", leads: 1 },
          { value: "facebook", leads: 1 },
        ],
        leads: 2,
        answered: 2,
        withinHour: 1,
        joined: 1,
      },
      { source: "Google", raw: [{ value: "google.com", leads: 2 }], leads: 2, answered: 2, withinHour: 1, joined: 0 },
      { source: null, raw: [], leads: 3, answered: 1, withinHour: 0, joined: 0 },
    ],
    // The owner: 3 min, 8 h, 11 h, 23 h (median 9 h 30 min; opening hours 3 min, 1 h, 4 h, 13 h: 2 h 30 min); the coach: 2 min.
    staff: [
      { email: "owner@gym.example", answered: 4, median: { clockMs: 9 * HOUR + 30 * MIN, openMs: 2 * HOUR + 30 * MIN } },
      { email: "coach@gym.example", answered: 1, median: { clockMs: 2 * MIN, openMs: 2 * MIN } },
    ],
  },
  "4-weeks": {
    firstDay: "2026-10-26",
    lastDay: "2026-11-22",
    // C-A1, C-A2, B-A4, B-L12, B-L9 (S-A3 is a sign-up).
    leads: 5,
    byForm: { contact: 2, intro: 3, "drop-in": 0, "kids-trial": 0 },
    byWeek: [
      { week: "2026-10-26", leads: 1 },
      { week: "2026-11-02", leads: 1 },
      { week: "2026-11-09", leads: 1 },
      { week: "2026-11-16", leads: 2 },
    ],
    // C-A2 4 h 30 min (none of it open); B-L9 3 days, Friday 10:00 to Monday 10:00 when marked as come (9 h + 2 h + 5 h = 16 h open).
    response: {
      answered: 2,
      unanswered: 3,
      median: { clockMs: 38 * HOUR + 15 * MIN, openMs: 8 * HOUR },
      p90: { clockMs: 65 * HOUR + 15 * MIN, openMs: 14 * HOUR + 24 * MIN },
      within: [
        { label: "5 min", leads: 0 },
        { label: "1 hour", leads: 0 },
        { label: "1 day", leads: 1 },
      ],
    },
    // Booked: C-A2 (set to Intro booked) and B-L9; came: B-L9; joined: C-A2 joined but never came to an intro.
    funnel: [
      { step: "new", leads: 5 },
      { step: "contacted", leads: 2 },
      { step: "intro-booked", leads: 2 },
      { step: "came", leads: 1 },
      { step: "joined", leads: 0 },
    ],
    joined: 1,
    // Started in those weeks: only B-A4, a no-show (B-L9 started this week, B-L12 is to come).
    intros: { attended: 0, noShow: 1, unmarked: 0 },
    sources: [
      { source: "Facebook", raw: [{ value: "facebook", leads: 1 }], leads: 1, answered: 1, withinHour: 0, joined: 0 },
      { source: "Instagram", raw: [{ value: "instagram", leads: 1 }], leads: 1, answered: 1, withinHour: 0, joined: 1 },
      { source: null, raw: [], leads: 3, answered: 0, withinHour: 0, joined: 0 },
    ],
    staff: [{ email: "owner@gym.example", answered: 2, median: { clockMs: 38 * HOUR + 15 * MIN, openMs: 8 * HOUR } }],
  },
  "12-weeks": {
    firstDay: "2026-08-31",
    lastDay: "2026-11-22",
    leads: 7,
    byForm: { contact: 4, intro: 3, "drop-in": 0, "kids-trial": 0 },
    byWeek: [1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2],
    funnel: [7, 2, 2, 1, 0],
  },
  /** The last 12 whole weeks, whatever the period: each week's leads, answered, median. */
  trend: [
    ...["2026-08-31", "2026-09-07", "2026-09-14", "2026-09-21", "2026-09-28", "2026-10-05", "2026-10-12"].map((week, index) => ({
      week,
      leads: index === 0 ? 1 : 0,
      answered: 0,
      median: null,
    })),
    { week: "2026-10-19", leads: 1, answered: 0, median: null },
    { week: "2026-10-26", leads: 1, answered: 0, median: null },
    { week: "2026-11-02", leads: 1, answered: 1, median: { clockMs: 4.5 * HOUR, openMs: 0 } },
    { week: "2026-11-09", leads: 1, answered: 0, median: null },
    { week: "2026-11-16", leads: 2, answered: 1, median: { clockMs: 72 * HOUR, openMs: 16 * HOUR } },
  ],
} as const;
