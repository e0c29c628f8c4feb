/**
 * How long the staff reports take on a large store (issue 43; goal: under 200 ms on this machine). Seeds
 * 20,000 leads over the two years before now (mixed forms, spam, privacy requests, statuses with their
 * history, first responses, free intros with attendance, sources) into a fresh SQLite file and a fresh
 * PostgreSQL database (a private cluster from Debian's binaries, as the store tests start, or
 * TEST_DATABASE_URL), then times, median of 5 after a warm-up, for each period:
 * - rows: the store's queries (store.reportRows) over the period (the report itself reads the 12 weeks
 *   and this one, for its trend);
 * - report: what the route runs (leadReport: the queries, then the answer times, the opening-hours
 *   figure included, worked out in code);
 * - HTTP: GET /api/staff/reports on the production server over that store, signed in (needs a build;
 *   `--skip-http` leaves it out).
 * - search: GET /api/staff/leads?view=all&q=… on that server, a search that matches nobody, so it reads
 *   every person of the view (listRoute.ts reads the whole view for a search).
 * `--indexes` also creates the indexes named in INDEXES below and times everything again, labelled;
 * `--explain` prints each database's plan and time for each query of the 12 weeks.
 *
 *   npm run bench:reports [-- --leads 20000 --skip-http --indexes --explain]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Sqlite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import { Pool } from "pg";
import { FORMS, isSalesForm, type FormName } from "../src/forms/registry";
import { site } from "../src/server/content";
import { leadReport } from "../src/server/reports/report";
import { reportWeeks } from "../src/server/reports/periods";
import { reportSql } from "../src/server/reports/store";
import type { Codec } from "../src/server/store/dialect";
import { hashToken, newToken, SESSION_COOKIE } from "../src/server/staff/auth";
import type { Database } from "../src/server/store/schema";
import { REPORT_PERIODS, type ReportPeriod } from "../src/desk/reports";
import { startTestPostgres } from "../tests/support/postgres";
import { startProductionServer } from "../tests/support/servers";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../src/server/app/store";

/** Indexes the reports could use, created only with --indexes (no migration adds them). */
const INDEXES = [
  "CREATE INDEX IF NOT EXISTS submissions_created ON submissions (created_at)",
  "CREATE INDEX IF NOT EXISTS intro_bookings_starts ON intro_bookings (starts_at)",
  "CREATE INDEX IF NOT EXISTS lead_events_submission_status ON lead_events (submission_id, status)",
];

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const flag = (name: string) => process.argv.includes(`--${name}`);

const PERIODS = Object.keys(REPORT_PERIODS) as ReportPeriod[];
const DAY = 86_400_000;
const MINUTE = 60_000;
const STAFF = "owner@gym.example";

/** A small seeded generator (mulberry32): the same store on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  let roll = rand() * weighted.reduce((total, [, weight]) => total + weight, 0);
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

const FORM_MIX: ReadonlyArray<readonly [FormName, number]> = [
  ["contact", 40],
  ["intro", 25],
  ["signup", 15],
  ["drop-in", 12],
  ["membership-hold", 6],
  ["privacy-request", 2],
];

interface Rows {
  submissions: Array<{
    id: string;
    form: FormName;
    created_at: string | Date;
    payload: string;
    spam: string | null;
    person_id: string | null;
  }>;
  people: Array<{
    id: string;
    created_at: string | Date;
    status: "new" | "contacted" | "intro-booked" | "joined" | "lost";
    follow_up_on: null;
    waiting_since: string | Date | null;
    first_response_at: string | Date | null;
    first_response_by: string | null;
    updated_at: string | Date;
    updated_by: string;
  }>;
  personKeys: Array<{ email_key: string; person_id: string }>;
  personEvents: Array<{
    person_id: string;
    at: string | Date;
    actor: string;
    kind: "status";
    status: "contacted" | "intro-booked" | "joined" | "lost";
  }>;
  leads: Array<{
    submission_id: string;
    status: "new" | "contacted" | "intro-booked" | "joined" | "lost";
    follow_up_on: null;
    answered_at: null;
    updated_at: string | Date;
    updated_by: string;
    first_response_at: string | Date | null;
  }>;
  events: Array<{ submission_id: string; at: string | Date; actor: string; status: "contacted" | "intro-booked" | "joined" | "lost" }>;
  bookings: Array<{
    submission_id: string;
    coach: string;
    starts_at: string | Date;
    ends_at: string | Date;
    email: string;
    cancelled_at: string | Date | null;
    attendance: "attended" | "no-show" | null;
  }>;
  sources: Array<{
    submission_id: string;
    landing_page: string;
    referrer_host: string | null;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
  }>;
}

/** The store's rows for `count` leads over the two years before `now`, as the forms, staff and intros would write them. */
function makeRows(count: number, now: Date, time: (date: Date) => string | Date): Rows {
  const rand = random(43);
  const rows: Rows = { submissions: [], people: [], personKeys: [], personEvents: [], leads: [], events: [], bookings: [], sources: [] };
  const start = now.getTime() - 730 * DAY;
  for (let i = 0; i < count; i++) {
    const id = `R-${String(i).padStart(8, "0")}`;
    const form = pick(rand, FORM_MIX);
    // Unique to the millisecond, so two bookings never share a coach and a start.
    const created = new Date(start + Math.floor((i / count) * 730 * DAY) + (i % 1000));
    const spam = rand() < 0.03 ? "honeypot" : null;
    const email = `lead${i}@example.com`;
    // Each sales form not held as spam is a person's (one each here: a person's second form changes no query's work).
    const person = isSalesForm(form) && !spam ? `N-${String(i).padStart(10, "0")}` : null;
    rows.submissions.push({
      id,
      form,
      created_at: time(created),
      payload: JSON.stringify({ name: `Lead ${i}`, email }),
      spam,
      person_id: person,
    });
    if (rand() < 0.8) {
      const kind = rand();
      rows.sources.push({
        submission_id: id,
        landing_page: "/",
        utm_source:
          kind < 0.4
            ? pick(rand, [
                ["facebook", 3],
                ["instagram", 2],
                ["google", 2],
                ["newsletter", 1],
              ])
            : null,
        referrer_host:
          kind >= 0.4 && kind < 0.8
            ? pick(rand, [
                ["www.google.com", 3],
                ["www.facebook.com", 2],
                ["www.yelp.com", 1],
              ])
            : null,
        utm_medium: null,
        utm_campaign: null,
      });
    }
    if (spam) continue;
    const events: Rows["events"] = [];
    let bookedByVisitor = false;
    if (form === "intro") {
      const startsAt = new Date(created.getTime() + (1 + Math.floor(rand() * 6)) * DAY);
      const started = startsAt.getTime() < now.getTime();
      const cancelled = rand() < 0.1;
      rows.bookings.push({
        submission_id: id,
        coach: pick(rand, [
          ["Dana", 1],
          ["Ana", 1],
          ["Sam", 1],
        ]),
        starts_at: time(startsAt),
        ends_at: time(new Date(startsAt.getTime() + 30 * MINUTE)),
        email,
        cancelled_at: cancelled ? time(new Date(created.getTime() + DAY / 2)) : null,
        attendance:
          started && !cancelled
            ? pick(rand, [
                ["attended", 7],
                ["no-show", 2],
                [null, 1],
              ] as const)
            : null,
      });
      events.push({ submission_id: id, at: time(created), actor: "visitor", status: "intro-booked" });
      bookedByVisitor = true;
    }
    let firstResponse: Date | null = null;
    let status: Rows["leads"][number]["status"] = bookedByVisitor ? "intro-booked" : "new";
    if (rand() < 0.78) {
      // Minutes to days: most within hours, a long tail.
      const delay = Math.min(5 * DAY, Math.exp(rand() * Math.log((5 * DAY) / MINUTE)) * MINUTE);
      firstResponse = new Date(created.getTime() + delay);
      if (firstResponse.getTime() < now.getTime()) {
        events.push({ submission_id: id, at: time(firstResponse), actor: STAFF, status: "contacted" });
        status = "contacted";
        let at = firstResponse.getTime();
        if (!bookedByVisitor && rand() < 0.3) {
          at += DAY;
          events.push({ submission_id: id, at: time(new Date(at)), actor: STAFF, status: "intro-booked" });
          status = "intro-booked";
        }
        const end = rand();
        at += 3 * DAY;
        if (at < now.getTime() && end < 0.2) {
          events.push({ submission_id: id, at: time(new Date(at)), actor: STAFF, status: "joined" });
          status = "joined";
        } else if (at < now.getTime() && end < 0.4) {
          events.push({ submission_id: id, at: time(new Date(at)), actor: STAFF, status: "lost" });
          status = "lost";
        }
      } else firstResponse = null;
    }
    if (person) {
      const last = events[events.length - 1];
      rows.people.push({
        id: person,
        created_at: time(created),
        status,
        follow_up_on: null,
        waiting_since: firstResponse ? null : time(created),
        first_response_at: firstResponse && time(firstResponse),
        first_response_by: firstResponse && STAFF,
        updated_at: last?.at ?? time(created),
        updated_by: last?.actor ?? "visitor",
      });
      rows.personKeys.push({ email_key: email, person_id: person });
      rows.personEvents.push(
        ...events.map(({ submission_id: _id, ...event }) => ({ ...event, person_id: person, kind: "status" as const })),
      );
    } else if (events.length > 0) {
      const last = events[events.length - 1]!;
      rows.leads.push({
        submission_id: id,
        status,
        follow_up_on: null,
        answered_at: null,
        updated_at: last.at,
        updated_by: last.actor,
        first_response_at: firstResponse && time(firstResponse),
      });
      rows.events.push(...events);
    }
  }
  return rows;
}

/** Writes the rows in one transaction, in batches (PostgreSQL takes at most 65,535 parameters a statement). */
async function insertRows(db: Kysely<Database>, rows: Rows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const batches = async <T>(items: T[], write: (batch: T[]) => Promise<unknown>) => {
      for (let i = 0; i < items.length; i += 1000) await write(items.slice(i, i + 1000));
    };
    await batches(rows.people, (batch) => trx.insertInto("people").values(batch).execute());
    await batches(rows.personKeys, (batch) => trx.insertInto("person_keys").values(batch).execute());
    await batches(rows.submissions, (batch) => trx.insertInto("submissions").values(batch).execute());
    await batches(rows.personEvents, (batch) => trx.insertInto("person_events").values(batch).execute());
    await batches(rows.leads, (batch) => trx.insertInto("leads").values(batch).execute());
    await batches(rows.events, (batch) => trx.insertInto("lead_events").values(batch).execute());
    await batches(rows.bookings, (batch) => trx.insertInto("intro_bookings").values(batch).execute());
    await batches(rows.sources, (batch) => trx.insertInto("lead_sources").values(batch).execute());
  });
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;

async function timed(work: () => Promise<unknown>, runs = 5): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The search's timings, one table row per database. */
const searches: string[] = [];

interface Measured {
  database: string;
  period: ReportPeriod;
  rows: number;
  report: number;
  http: number | null;
  answered: number;
}

async function measure(
  database: string,
  store: SubmissionStore,
  now: Date,
  http: { url: string; cookie: string } | null,
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const period of PERIODS) {
    const { weekStarts, to } = reportWeeks(period, now);
    const window = { from: weekStarts[0] as Date, to };
    const rows = await timed(() => store.reportRows(window, window));
    const report = await timed(() => leadReport(store, period, now, site));
    const answered = (await leadReport(store, period, now, site)).response.answered;
    let httpMs: number | null = null;
    if (http) {
      httpMs = await timed(async () => {
        const response = await fetch(`${http.url}/api/staff/reports?period=${period}`, { headers: { Cookie: http.cookie } });
        if (response.status !== 200) throw new Error(`GET reports answered ${response.status}: ${await response.text()}`);
        await response.json();
      });
    }
    results.push({ database, period, rows, report, http: httpMs, answered });
  }
  if (http) {
    const search = await timed(async () => {
      const response = await fetch(`${http.url}/api/staff/leads?view=all&q=nobody-by-this-name`, { headers: { Cookie: http.cookie } });
      if (response.status !== 200) throw new Error(`GET leads answered ${response.status}: ${await response.text()}`);
      await response.json();
    });
    searches.push(`| ${database} | ${search.toFixed(1)} |`);
  }
  return results;
}

/** Each query of the 12 weeks' report: its plan and its time (median of 5), as the database runs it. */
async function explain(database: string, db: Kysely<Database>, codec: Codec, now: Date): Promise<void> {
  const { weekStarts, to } = reportWeeks("12-weeks", now);
  const window = { from: weekStarts[0] as Date, to };
  const queries = reportSql(codec, window, window);
  for (const [name, query] of Object.entries(queries)) {
    const ms = await timed(() => query.execute(db));
    const plan = await (
      database.startsWith("PostgreSQL") ? sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}` : sql`EXPLAIN QUERY PLAN ${query}`
    ).execute(db);
    const lines = plan.rows.map((row) => {
      const values = Object.values(row as Record<string, unknown>);
      return String(values[values.length - 1]);
    });
    console.log(`\n${database}, 12 weeks, ${name}: ${ms.toFixed(1)} ms\n  ${lines.join("\n  ")}`);
  }
}

async function signedIn(store: SubmissionStore, now: Date): Promise<string> {
  const token = newToken();
  await store.addStaff(STAFF, "owner", now);
  await store.createSession(hashToken(token), STAFF, now);
  return `${SESSION_COOKIE}=${token}`;
}

async function withServer<T>(
  env: Record<string, string>,
  dataDir: string | undefined,
  work: (url: string | null) => Promise<T>,
): Promise<T> {
  if (flag("skip-http")) return work(null);
  const server = await startProductionServer({ env, dataDir });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

async function main() {
  const count = option("leads", 20_000);
  const withIndexes = flag("indexes");
  const now = new Date();
  const results: Measured[] = [];
  console.log(`Seeding ${count} leads over two years before ${now.toISOString()} (forms: ${FORMS.join(", ")}).`);

  // SQLite: the store's own file, as the production server opens it from DATA_DIR.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-bench-reports-"));
  try {
    const file = path.join(dir, "submissions.sqlite");
    const store = openSqliteStore(file);
    const raw = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) });
    let started = performance.now();
    const rows = makeRows(count, now, (date) => date.toISOString());
    await insertRows(raw, rows);
    await sql`ANALYZE`.execute(raw);
    console.log(
      `SQLite seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows.submissions.length} submissions, ${rows.events.length} status changes, ${rows.bookings.length} intros, ${rows.sources.length} sources.`,
    );
    const cookie = await signedIn(store, now);
    const sqliteCodec: Codec = { time: (date) => date.toISOString(), payload: () => ({}) };
    if (flag("explain")) await explain("SQLite", raw, sqliteCodec, now);
    await withServer({}, dir, async (url) => {
      results.push(...(await measure("SQLite", store, now, url ? { url, cookie } : null)));
      if (withIndexes) {
        for (const statement of INDEXES) await sql.raw(statement).execute(raw);
        await sql`ANALYZE`.execute(raw);
        results.push(...(await measure("SQLite + indexes", store, now, url ? { url, cookie } : null)));
        if (flag("explain")) await explain("SQLite + indexes", raw, sqliteCodec, now);
      }
    });
    await raw.destroy();
    await store.close();

    // PostgreSQL: a fresh database on a private cluster.
    const pg = await startTestPostgres();
    if (!pg) {
      console.log("PostgreSQL: not installed here, not measured.");
    } else {
      try {
        const databaseUrl = await pg.createDatabase();
        const pgStore = await openPostgresStore(databaseUrl);
        const pgRaw = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: databaseUrl, max: 1 }) }) });
        started = performance.now();
        await insertRows(
          pgRaw,
          makeRows(count, now, (date) => date),
        );
        await sql`ANALYZE`.execute(pgRaw);
        console.log(`PostgreSQL seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
        const pgCookie = await signedIn(pgStore, now);
        const pgCodec: Codec = { time: (date) => date, payload: () => ({}) };
        if (flag("explain")) await explain("PostgreSQL", pgRaw, pgCodec, now);
        await withServer({ DATABASE_URL: databaseUrl }, undefined, async (url) => {
          results.push(...(await measure("PostgreSQL", pgStore, now, url ? { url, cookie: pgCookie } : null)));
          if (withIndexes) {
            for (const statement of INDEXES) await sql.raw(statement).execute(pgRaw);
            await sql`ANALYZE`.execute(pgRaw);
            results.push(...(await measure("PostgreSQL + indexes", pgStore, now, url ? { url, cookie: pgCookie } : null)));
            if (flag("explain")) await explain("PostgreSQL + indexes", pgRaw, pgCodec, now);
          }
        });
        await pgRaw.destroy();
        await pgStore.close();
      } finally {
        pg.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  console.log("\nMedian of 5 after a warm-up, in ms (rows: the store's queries; report: what the route runs; HTTP: the whole request)\n");
  console.log("| Database | Period | Answered leads | rows | report | HTTP |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  for (const result of results) {
    console.log(
      `| ${result.database} | ${REPORT_PERIODS[result.period]} | ${result.answered} | ${result.rows.toFixed(1)} | ${result.report.toFixed(1)} | ${
        result.http === null ? "–" : result.http.toFixed(1)
      } |`,
    );
  }
  if (searches.length) {
    console.log("\nA search of every lead (GET /api/staff/leads?view=all&q=…), median of 5 after a warm-up, in ms\n");
    console.log("| Database | HTTP |");
    console.log("| --- | ---: |");
    for (const line of searches) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
