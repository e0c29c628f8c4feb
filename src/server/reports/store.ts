import { type RawBuilder, sql } from "kysely";
import type { FormName } from "../../forms/registry";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { StoredTime } from "../store/schema";
import type { ReportOperations, ReportWindow } from "./types";

/**
 * Where a lead came from, as one SQL expression both databases read alike: utm_source when set, else
 * the referring host, else "Direct" when the browser kept a source row at all (a visit typed in or from
 * a bookmark); null without a row (a form sent without JavaScript, or from before sources were kept).
 */
const SOURCE = sql<
  string | null
>`COALESCE(NULLIF(src.utm_source, ''), NULLIF(src.referrer_host, ''), CASE WHEN src.submission_id IS NOT NULL THEN 'Direct' END)`;

/**
 * The period's leads: not spam, not a form that is no lead (a privacy request), arrived in [from, to).
 * The instants are bound as each dialect stores them (ISO text compares as time in SQLite).
 */
function periodLeads(codec: Codec, window: ReportWindow): RawBuilder<unknown> {
  const except = window.exceptForms.length ? sql`AND s.form NOT IN (${sql.join(window.exceptForms.map((form) => sql`${form}`))})` : sql``;
  return sql`s.spam IS NULL ${except} AND s.created_at >= ${codec.time(window.from)} AND s.created_at < ${codec.time(window.to)}`;
}

/** The index of the week a lead arrived in: plain comparisons with the weeks' first instants, worked out at the gym (periods.ts). */
function weekOf(codec: Codec, weekStarts: readonly Date[]): RawBuilder<number> {
  const later = weekStarts.slice(1);
  if (later.length === 0) return sql<number>`0`;
  const cases = later.map((start, index) => sql`WHEN s.created_at < ${codec.time(start)} THEN ${sql.lit(index)}`);
  return sql<number>`CASE ${sql.join(cases, sql` `)} ELSE ${sql.lit(later.length)} END`;
}

interface GroupRow {
  week: number | string;
  form: FormName;
  source: string | null;
  leads: number | string;
  answered: number | string;
  contacted: number | string;
  intro_booked: number | string;
  came: number | string;
  joined: number | string;
}

/**
 * The three queries of a report (below), built but not run: reportQueries runs them, and
 * `npm run bench:reports -- --explain` shows each database's plan for them.
 */
export function reportSql(codec: Codec, window: ReportWindow) {
  const leads = periodLeads(codec, window);
  return {
    groups: sql<GroupRow>`
      SELECT week, form, source,
        COUNT(*) AS leads,
        SUM(answered) AS answered,
        SUM(CASE WHEN joined = 1 OR attended = 1 OR booked = 1 OR answered = 1 OR contacted = 1 THEN 1 ELSE 0 END) AS contacted,
        SUM(CASE WHEN joined = 1 OR attended = 1 OR booked = 1 THEN 1 ELSE 0 END) AS intro_booked,
        SUM(CASE WHEN joined = 1 OR attended = 1 THEN 1 ELSE 0 END) AS came,
        SUM(joined) AS joined
      FROM (
        SELECT
          ${weekOf(codec, window.weekStarts)} AS week,
          s.form AS form,
          ${SOURCE} AS source,
          CASE WHEN l.first_response_at IS NOT NULL THEN 1 ELSE 0 END AS answered,
          CASE WHEN l.status = 'contacted' THEN 1 ELSE 0 END AS contacted,
          CASE WHEN l.status = 'intro-booked' OR b.submission_id IS NOT NULL OR ev.booked = 1 THEN 1 ELSE 0 END AS booked,
          CASE WHEN b.attendance = 'attended' THEN 1 ELSE 0 END AS attended,
          CASE WHEN l.status = 'joined' OR ev.joined = 1 THEN 1 ELSE 0 END AS joined
        FROM submissions s
        LEFT JOIN leads l ON l.submission_id = s.id
        LEFT JOIN intro_bookings b ON b.submission_id = s.id
        LEFT JOIN lead_sources src ON src.submission_id = s.id
        LEFT JOIN (
          SELECT e.submission_id,
            MAX(CASE WHEN e.status = 'intro-booked' THEN 1 ELSE 0 END) AS booked,
            MAX(CASE WHEN e.status = 'joined' THEN 1 ELSE 0 END) AS joined
          FROM lead_events e
          WHERE e.status IN ('intro-booked', 'joined') AND e.at >= ${codec.time(window.from)}
          GROUP BY e.submission_id
        ) ev ON ev.submission_id = s.id
        WHERE ${leads}
      ) period_leads
      GROUP BY week, form, source
    `,
    answered: sql<{ created_at: StoredTime; first_response_at: StoredTime; source: string | null }>`
      SELECT s.created_at, l.first_response_at, ${SOURCE} AS source
      FROM submissions s
      JOIN leads l ON l.submission_id = s.id
      LEFT JOIN lead_sources src ON src.submission_id = s.id
      WHERE ${leads} AND l.first_response_at IS NOT NULL
    `,
    intros: sql<{ attended: number | string | null; no_show: number | string | null; unmarked: number | string | null }>`
      SELECT
        SUM(CASE WHEN b.attendance = 'attended' THEN 1 ELSE 0 END) AS attended,
        SUM(CASE WHEN b.attendance = 'no-show' THEN 1 ELSE 0 END) AS no_show,
        SUM(CASE WHEN b.attendance IS NULL THEN 1 ELSE 0 END) AS unmarked
      FROM intro_bookings b
      JOIN submissions s ON s.id = b.submission_id
      WHERE b.cancelled_at IS NULL AND s.spam IS NULL
        AND b.starts_at >= ${codec.time(window.from)} AND b.starts_at < ${codec.time(window.to)}
    `,
  };
}

/**
 * The reports' counting, in SQL written once for SQLite and PostgreSQL (CASE, EXISTS, COALESCE,
 * NULLIF, GROUP BY: nothing either database reads differently). Three queries, each over the period
 * only:
 *
 * 1. The period's leads by week, form and source, with the funnel. What the store knows of each lead:
 *    - joined: its history (lead_events) ever reached Joined, or its status is Joined (a lead from
 *      before the history was kept);
 *    - came: its own free-intro booking is marked attended;
 *    - intro booked: its history ever reached Intro booked, or its status is that, or it made a booking
 *      itself (the free-intro form; cancelled or not: it was booked);
 *    - answered: staff first answered it (leads.first_response_at, written once by the first staff
 *      change to Contacted, Intro booked or Joined); contacted: that, or its status is Contacted (a lead
 *      from before first responses were kept).
 *    Each funnel step counts the leads that got at least that far (a lead that joined also counts as
 *    having come, been booked and been contacted): otherwise a lead that joined after a phone call, or
 *    booked its own intro before anyone called, would make a step hold more than the one before it.
 *    The history is read once, as one row per lead that ever reached Intro booked or Joined, from the
 *    changes made since the period began (a lead's changes never come before it arrived): as EXISTS
 *    per lead, PostgreSQL planned each of the funnel's sums with its own scan of lead_events, and the 12
 *    weeks of 20,000 leads took 70 ms instead of 13 (npm run bench:reports).
 * 2. The answered leads' two instants. Durations and percentiles are worked out in code over these rows
 *    (one per answered lead: a few thousand for twelve weeks of a busy gym): subtracting timestamps is
 *    written differently in each database (julianday on SQLite's text, EXTRACT(EPOCH) on timestamptz),
 *    SQLite has no percentile function, and the opening-hours figure needs the gym's hours in code anyway.
 * 3. The free intros that started in the period, not cancelled, by attendance.
 */
export function reportQueries(dialect: Dialect): ReportOperations {
  const { db, codec } = dialect;
  return {
    async reportRows(window) {
      const queries = reportSql(codec, window);
      const groups = await queries.groups.execute(db);
      const answered = await queries.answered.execute(db);
      const [intros] = (await queries.intros.execute(db)).rows;

      // pg reads COUNT and SUM as text (bigint, numeric) so no digit is lost; SQLite gives numbers; an empty SUM is null.
      const count = (value: number | string | null | undefined) => Number(value ?? 0);
      return {
        groups: groups.rows.map((row) => ({
          week: count(row.week),
          form: row.form,
          source: row.source,
          leads: count(row.leads),
          answered: count(row.answered),
          contacted: count(row.contacted),
          introBooked: count(row.intro_booked),
          came: count(row.came),
          joined: count(row.joined),
        })),
        answered: answered.rows.map((row) => ({
          receivedAt: toDate(row.created_at),
          firstResponseAt: toDate(row.first_response_at),
          source: row.source,
        })),
        intros: { attended: count(intros?.attended), noShow: count(intros?.no_show), unmarked: count(intros?.unmarked) },
      };
    },
  };
}
