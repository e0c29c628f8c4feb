import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "../store/schema";
import type { VisitSource } from "../../forms/visitSource";
import { SALES_FORMS } from "../../forms/registry";
import { checkedSource } from "../../forms/visitSource";
import type { Codec, Dialect } from "../store/dialect";
import { toDate, toDateOrNull } from "../store/rows";
import type { ReportOperations, ReportWindow } from "./types";
import { ANSWERING_STATUSES, type LeadStatus, VISITOR } from "../../desk/leads";
import { PAYMENT_ACTOR } from "../../desk/payments";

/**
 * The report's rows, each query plain SQL both databases read alike, over the window only:
 *
 * 1. Every sales form sent in the window, not spam, with where its visit came from and its free intro.
 * 2. The state now of each person who sent one.
 * 3. The lines of those people's timelines since the window began that the report counts: answers (a
 *    reply, a text logged or sent from the console (texts, by a staff member), a call that reached them
 *    or left a message, a staff change to a status that says they spoke) and changes of status.
 * 4. The free intros that started in the period, not cancelled, by attendance.
 *
 * Who is a lead, when they were answered and how far they got are worked out in code (report.ts), over
 * these rows: a person counts once however many forms they sent, and the opening-hours figure needs the
 * gym's hours in code anyway.
 */
/** A payment made: a completed checkout, paid or with nothing to pay (a bank payment on its way is not yet one). */
const paid = (table: "p" | "q") =>
  sql`${sql.ref(`${table}.kind`)} = 'completed' AND (${sql.ref(`${table}.payment_status`)} IS NULL OR ${sql.ref(`${table}.payment_status`)} <> 'unpaid')`;

export function reportSql(codec: Codec, window: ReportWindow, introsWindow: ReportWindow) {
  const [from, to] = [codec.time(window.from), codec.time(window.to)];
  const inWindow = sql`s.person_id IS NOT NULL AND s.spam IS NULL AND s.form IN (${sql.join(SALES_FORMS.map((form) => sql`${form}`))})
    AND s.created_at >= ${from} AND s.created_at < ${to}`;
  const people = sql`SELECT DISTINCT s.person_id FROM submissions s WHERE ${inWindow}`;
  return {
    forms: sql<{
      person_id: string;
      form: (typeof SALES_FORMS)[number];
      created_at: string | Date;
      source_id: string | null;
      landing_page: string | null;
      referrer_host: string | null;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      booking_id: string | null;
      cancelled_at: string | Date | null;
      attendance: "attended" | "no-show" | null;
    }>`
      SELECT s.person_id, s.form, s.created_at,
        src.submission_id AS source_id, src.landing_page, src.referrer_host, src.utm_source, src.utm_medium, src.utm_campaign,
        b.submission_id AS booking_id, b.cancelled_at, b.attendance
      FROM submissions s
      LEFT JOIN lead_sources src ON src.submission_id = s.id
      LEFT JOIN intro_bookings b ON b.submission_id = s.id
      WHERE ${inWindow}
      ORDER BY s.created_at, s.id
    `,
    people: sql<{ id: string; status: string; first_response_at: string | Date | null; first_response_by: string | null }>`
      SELECT p.id, p.status, p.first_response_at, p.first_response_by FROM people p WHERE p.id IN (${people})
    `,
    events: sql<{ person_id: string; at: string | Date; actor: string; kind: string; status: string | null; outcome: string | null }>`
      SELECT e.person_id, e.at, e.actor, e.kind, e.status, e.outcome
      FROM person_events e
      WHERE e.at >= ${from} AND e.person_id IN (${people})
        AND (e.kind IN ('reply', 'text', 'status') OR (e.kind = 'call' AND e.outcome <> 'no-answer'))
      UNION ALL
      SELECT t.person_id, t.at, t.sent_by AS actor, 'text' AS kind, NULL AS status, NULL AS outcome
      FROM texts t
      WHERE t.at >= ${from} AND t.person_id IN (${people}) AND t.direction = 'out' AND t.sent_by IS NOT NULL
      ORDER BY 2
    `,
    paidSignups: sql<{ person_id: string }>`
      SELECT DISTINCT p.person_id FROM payments p
      WHERE ${paid("p")} AND p.form = 'signup' AND p.person_id IN (${people})
    `,
    // A payer's first: no paid payment of theirs before it (the same person, or for a sign-up nobody in
    // the pipeline shares an address with, the same reference). Where they came from is read in code.
    firstPayments: sql<{
      person_id: string | null;
      reference: string | null;
      at: string | Date;
      amount: number | string | null;
      currency: string | null;
    }>`
      SELECT p.person_id, p.reference, p.at, p.amount, p.currency FROM payments p
      WHERE ${paid("p")} AND p.form IS NOT NULL
        AND p.at >= ${codec.time(introsWindow.from)} AND p.at < ${codec.time(introsWindow.to)}
        AND NOT EXISTS (
          SELECT 1 FROM payments q
          WHERE ${paid("q")} AND q.form IS NOT NULL
            AND ((p.person_id IS NOT NULL AND q.person_id = p.person_id) OR (p.person_id IS NULL AND q.reference = p.reference))
            AND (q.at < p.at OR (q.at = p.at AND q.id < p.id))
        )
      ORDER BY p.at, p.id
    `,
    intros: sql<{ attended: number | string | null; no_show: number | string | null; unmarked: number | string | null }>`
      SELECT
        SUM(CASE WHEN b.attendance = 'attended' THEN 1 ELSE 0 END) AS attended,
        SUM(CASE WHEN b.attendance = 'no-show' THEN 1 ELSE 0 END) AS no_show,
        SUM(CASE WHEN b.attendance IS NULL THEN 1 ELSE 0 END) AS unmarked
      FROM intro_bookings b
      JOIN submissions s ON s.id = b.submission_id
      WHERE b.cancelled_at IS NULL AND s.spam IS NULL
        AND b.starts_at >= ${codec.time(introsWindow.from)} AND b.starts_at < ${codec.time(introsWindow.to)}
    `,
  };
}

export function reportQueries(dialect: Dialect): ReportOperations {
  const { db, codec } = dialect;
  return {
    async reportRows(window, introsWindow) {
      const queries = reportSql(codec, window, introsWindow);
      const forms = await queries.forms.execute(db);
      const people = await queries.people.execute(db);
      const events = await queries.events.execute(db);
      const [intros] = (await queries.intros.execute(db)).rows;
      const paidSignups = await queries.paidSignups.execute(db);
      const firstPayments = (await queries.firstPayments.execute(db)).rows;
      const sources = await payerSources(
        firstPayments.flatMap((row) => (row.person_id ? [row.person_id] : [])),
        firstPayments.flatMap((row) => (row.person_id || !row.reference ? [] : [row.reference])),
      );
      // pg reads SUM as text (numeric) so no digit is lost; SQLite gives numbers; an empty SUM is null.
      const count = (value: number | string | null | undefined) => Number(value ?? 0);
      return {
        forms: forms.rows.map((row) => ({
          person: row.person_id,
          form: row.form,
          createdAt: toDate(row.created_at),
          // Checked as a form's is now, as the lead page reads it (forms/store.ts toVisitSource).
          source:
            row.source_id === null
              ? null
              : checkedSource({
                  landingPage: row.landing_page,
                  referrerHost: row.referrer_host,
                  utmSource: row.utm_source,
                  utmMedium: row.utm_medium,
                  utmCampaign: row.utm_campaign,
                }),
          intro: row.booking_id === null ? null : { cancelled: row.cancelled_at !== null, attendance: row.attendance },
        })),
        people: new Map(
          people.rows.map((row) => [
            row.id,
            {
              status: row.status as LeadStatus,
              firstResponseAt: toDateOrNull(row.first_response_at),
              firstResponseBy: row.first_response_by,
            },
          ]),
        ),
        events: events.rows.map((row) => ({
          person: row.person_id,
          at: toDate(row.at),
          actor: row.actor,
          // Any status a staff member set that says they spoke to them (ANSWERING_STATUSES); the visitor's own
          // booking does not, nor the Joined a payment made (Stripe speaks to nobody).
          answers:
            row.kind !== "status" ||
            (row.actor !== VISITOR && row.actor !== PAYMENT_ACTOR && ANSWERING_STATUSES.includes(row.status as LeadStatus)),
          status: row.kind === "status" ? (row.status as LeadStatus | null) : null,
        })),
        intros: { attended: count(intros?.attended), noShow: count(intros?.no_show), unmarked: count(intros?.unmarked) },
        paidSignups: new Set(paidSignups.rows.map((row) => row.person_id)),
        firstPayments: firstPayments.map((row) => ({
          at: toDate(row.at),
          amount: row.amount === null ? null : Number(row.amount),
          currency: row.currency,
          source:
            (row.person_id ? sources.people.get(row.person_id) : row.reference ? sources.forms.get(row.reference) : undefined) ?? null,
        })),
      };
    },
  };

  /** Where each payer came from: a person's first form that kept a source; a sign-up's own. */
  async function payerSources(people: readonly string[], forms: readonly string[]) {
    const found = { people: new Map<string, VisitSource>(), forms: new Map<string, VisitSource>() };
    const rows = (query: SelectQueryBuilder<Database, "submissions", object>) =>
      query
        .innerJoin("lead_sources as src", "src.submission_id", "submissions.id")
        .select([
          "submissions.id",
          "submissions.person_id",
          "src.landing_page",
          "src.referrer_host",
          "src.utm_source",
          "src.utm_medium",
          "src.utm_campaign",
        ])
        .orderBy("submissions.created_at")
        .orderBy("submissions.id")
        .execute();
    const sourceOf = (row: {
      landing_page: string | null;
      referrer_host: string | null;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
    }) =>
      checkedSource({
        landingPage: row.landing_page,
        referrerHost: row.referrer_host,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
      });
    if (people.length > 0) {
      for (const row of await rows(db.selectFrom("submissions").where("submissions.person_id", "in", [...people]))) {
        if (row.person_id && !found.people.has(row.person_id)) found.people.set(row.person_id, sourceOf(row));
      }
    }
    if (forms.length > 0) {
      for (const row of await rows(db.selectFrom("submissions").where("submissions.id", "in", [...forms])))
        found.forms.set(row.id, sourceOf(row));
    }
    return found;
  }
}
