import { compareText } from "../../content/dates";
import { FORMS, isSalesForm, type FormName } from "../../forms/registry";
import { rawSource, sourceChannel } from "../../desk/sources";
import {
  FUNNEL_STEPS,
  type FunnelStep,
  type LeadReport,
  type ReportDuration,
  type ReportPeriod,
  RESPONSE_LIMITS,
  type SourceRow,
} from "../../desk/reports";
import type { LeadStatus } from "../../desk/leads";
import { type GymHours, openHoursCounter } from "./openHours";
import { reportWeeks, weekDates } from "./periods";
import type { ReportEvent, ReportForm, ReportOperations, ReportPerson, ReportRows } from "./types";
import { GYM_ZONE } from "../../time/zone";
import { zonedToday } from "../../time/today";

/**
 * Forms that are not leads: every form but the sales forms (`sales` in src/forms/registry.ts). A privacy
 * request is a person asking about their own data; a hold or a sign-up is a member's business.
 */
export const NOT_LEADS: readonly FormName[] = FORMS.filter((form) => !isSalesForm(form));

const LEAD_FORMS = FORMS.filter(isSalesForm);

/**
 * The value at `p` (0..1) of sorted numbers, between the two nearest ranks as PostgreSQL's
 * percentile_cont does: the median of 10 and 20 minutes is 15. Null for no numbers.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (sorted.length - 1) * p;
  const below = sorted[Math.floor(rank)] as number;
  const above = sorted[Math.ceil(rank)] as number;
  return below + (above - below) * (rank - Math.floor(rank));
}

/** A lead of a stretch of weeks: a person, counted once, from their first sales form in it. */
interface Lead {
  person: string;
  first: ReportForm;
  week: number;
  /** When a staff member first spoke to them after that form, and who; null while nobody has. */
  answer: { at: Date; by: string | null } | null;
  booked: boolean;
  came: boolean;
  joined: boolean;
}

/**
 * The leads of [from, to): each person with a sales form in it, once, from their first form in it; their
 * answer is the first after that form (a line of their timeline that spoke to them, or the first
 * response the store kept, which covers what came before the timeline). How far they got (a step is
 * reached by what they did since that form, or by their status now):
 * - booked: they booked a free intro with a form in the stretch (cancelled or not), or were set to
 *   Intro booked or Came;
 * - came: an intro of theirs marked attended, or they were set to Came;
 * - joined: they were set to Joined.
 */
function leadsOf(rows: ReportRows, from: Date, to: Date, weekStarts: readonly Date[]): Lead[] {
  const byPerson = new Map<string, ReportForm[]>();
  for (const form of rows.forms) {
    if (form.createdAt < from || form.createdAt >= to) continue;
    const list = byPerson.get(form.person) ?? [];
    list.push(form);
    byPerson.set(form.person, list);
  }
  const events = new Map<string, ReportEvent[]>();
  for (const event of rows.events) {
    if (!byPerson.has(event.person)) continue;
    const list = events.get(event.person) ?? [];
    list.push(event);
    events.set(event.person, list);
  }
  const leads: Lead[] = [];
  for (const [person, forms] of byPerson) {
    const first = forms[0] as ReportForm;
    const since = (events.get(person) ?? []).filter((event) => event.at >= first.createdAt);
    const state: ReportPerson | undefined = rows.people.get(person);
    const spoke = since.find((event) => event.answers);
    const kept = state?.firstResponseAt && state.firstResponseAt >= first.createdAt ? state.firstResponseAt : null;
    const answer =
      spoke && (!kept || spoke.at <= kept)
        ? { at: spoke.at, by: spoke.actor }
        : kept
          ? { at: kept, by: state?.firstResponseBy ?? null }
          : null;
    const reached = (...statuses: LeadStatus[]) =>
      since.some((event) => event.status !== null && statuses.includes(event.status)) ||
      (state !== undefined && statuses.includes(state.status));
    const week = weekStarts.filter((start) => start <= first.createdAt).length - 1;
    leads.push({
      person,
      first,
      week: Math.max(0, week),
      answer,
      booked: forms.some((form) => form.intro !== null) || reached("intro-booked", "came"),
      came: forms.some((form) => form.intro?.attendance === "attended") || reached("came"),
      joined: reached("joined"),
    });
  }
  return leads;
}

/**
 * What /api/staff/reports answers for a period at `now`: the store's rows (reports/store.ts) worked into
 * figures that add up.
 *
 * - Leads are people who sent a sales form in the period, each once, in the week of their first.
 * - Answered within 5 minutes, an hour, a day: shares of every lead, those not answered counting as not.
 *   Median and 90th percentile are of the answered, on the plain clock and in opening hours, each
 *   sorted on its own (a lead's place among the others can differ between the two).
 * - The funnel is strictly nested: Answered are leads a staff member spoke to; Intro booked, those of
 *   them who booked; Came, those of them who came; Joined, those of them who joined. Joined by any path
 *   is `joined` beside it.
 * - Sources by channel (src/desk/sources.ts), the raw values under each.
 * - Per staff member: the leads whose first answer was theirs, and their median time.
 * - The trend: the last 12 whole weeks, each week's leads on their own, whatever the period.
 * - Payments: the leads who paid for a sign-up through Stripe (its Joined is in `joined`, and is no
 *   answer: reports/store.ts), and each payer's first payment made in the period, by channel and month.
 */
export async function leadReport(store: ReportOperations, period: ReportPeriod, now: Date, site: GymHours): Promise<LeadReport> {
  const { weekStarts, to, firstDay, lastDay } = reportWeeks(period, now);
  const trendWeeks = reportWeeks("12-weeks", now);
  const from = weekStarts[0] as Date;
  const rowsFrom = trendWeeks.weekStarts[0]! < from ? trendWeeks.weekStarts[0]! : from;
  const rows = await store.reportRows({ from: rowsFrom, to: to > trendWeeks.to ? to : trendWeeks.to }, { from, to });

  const leads = leadsOf(rows, from, to, weekStarts);
  const answered = leads.filter((lead) => lead.answer !== null);
  let first = now.getTime();
  for (const lead of rows.forms) first = Math.min(first, lead.createdAt.getTime());
  const openHours = openHoursCounter(site, new Date(first), now);
  const duration = (lead: Lead) => {
    const at = (lead.answer as { at: Date }).at;
    return { clockMs: Math.max(0, at.getTime() - lead.first.createdAt.getTime()), openMs: openHours(lead.first.createdAt, at) };
  };
  const middle = (group: readonly Lead[], p: number): ReportDuration | null => {
    const times = group.filter((lead) => lead.answer !== null).map(duration);
    const clockMs = percentile(
      times.map((time) => time.clockMs).sort((a, b) => a - b),
      p,
    );
    const openMs = percentile(
      times.map((time) => time.openMs).sort((a, b) => a - b),
      p,
    );
    return clockMs === null || openMs === null ? null : { clockMs: Math.round(clockMs), openMs: Math.round(openMs) };
  };
  const clock = answered.map((lead) => duration(lead).clockMs);

  const sources = new Map<string | null, SourceRow & { values: Map<string, number> }>();
  for (const lead of leads) {
    const raw = rawSource(lead.first.source);
    const channel = sourceChannel(raw);
    const row = sources.get(channel) ?? { source: channel, raw: [], leads: 0, answered: 0, withinHour: 0, joined: 0, values: new Map() };
    row.leads += 1;
    if (lead.answer) row.answered += 1;
    if (lead.answer && duration(lead).clockMs <= 3_600_000) row.withinHour += 1;
    if (lead.joined) row.joined += 1;
    if (raw !== null) row.values.set(raw, (row.values.get(raw) ?? 0) + 1);
    sources.set(channel, row);
  }

  const staff = new Map<string, Lead[]>();
  for (const lead of answered) {
    const by = lead.answer?.by;
    if (!by) continue;
    const group = staff.get(by) ?? [];
    group.push(lead);
    staff.set(by, group);
  }

  const steps: Record<FunnelStep, number> = {
    new: leads.length,
    contacted: answered.length,
    "intro-booked": answered.filter((lead) => lead.booked).length,
    came: answered.filter((lead) => lead.booked && lead.came).length,
    joined: answered.filter((lead) => lead.booked && lead.came && lead.joined).length,
  };

  const trendMondays = weekDates(trendWeeks.weekStarts);
  const trend = trendWeeks.weekStarts.map((start, index) => {
    const end = trendWeeks.weekStarts[index + 1] ?? trendWeeks.to;
    const week = leadsOf(rows, start, end, [start]);
    return {
      week: trendMondays[index] as string,
      leads: week.length,
      answered: week.filter((lead) => lead.answer !== null).length,
      median: middle(week, 0.5),
    };
  });

  // First payments: each payer's first, in the period; by channel and by month at the gym.
  const bySource = new Map<string | null, { source: string | null; payers: number; amount: number }>();
  const byMonth = new Map<string, { month: string; payers: number; amount: number }>();
  for (const payment of rows.firstPayments) {
    const source = sourceChannel(rawSource(payment.source));
    const month = zonedToday(payment.at).date.slice(0, 7);
    const bySourceRow = bySource.get(source) ?? { source, payers: 0, amount: 0 };
    const byMonthRow = byMonth.get(month) ?? { month, payers: 0, amount: 0 };
    for (const row of [bySourceRow, byMonthRow]) {
      row.payers += 1;
      row.amount += payment.amount ?? 0;
    }
    bySource.set(source, bySourceRow);
    byMonth.set(month, byMonthRow);
  }

  return {
    period,
    timeZone: GYM_ZONE,
    firstDay,
    lastDay,
    leads: leads.length,
    byForm: LEAD_FORMS.map((form) => ({ form, leads: leads.filter((lead) => lead.first.form === form).length })),
    byWeek: weekDates(weekStarts).map((week, index) => ({ week, leads: leads.filter((lead) => lead.week === index).length })),
    response: {
      answered: answered.length,
      unanswered: leads.length - answered.length,
      median: middle(answered, 0.5),
      p90: middle(answered, 0.9),
      within: RESPONSE_LIMITS.map((limit) => ({ label: limit.label, leads: clock.filter((ms) => ms <= limit.ms).length })),
    },
    funnel: (Object.keys(FUNNEL_STEPS) as FunnelStep[]).map((step) => ({ step, leads: steps[step] })),
    joined: leads.filter((lead) => lead.joined).length,
    intros: rows.intros,
    // Most leads first; the unknown source last, as it is no place to spend on.
    sources: [...sources.values()]
      .map(({ values, ...row }) => ({
        ...row,
        raw: [...values]
          .map(([value, count]) => ({ value, leads: count }))
          .sort((a, b) => b.leads - a.leads || compareText(a.value, b.value)),
      }))
      .sort(
        (a, b) => Number(a.source === null) - Number(b.source === null) || b.leads - a.leads || compareText(a.source ?? "", b.source ?? ""),
      ),
    staff: [...staff]
      .map(([email, group]) => ({ email, answered: group.length, median: middle(group, 0.5) }))
      .sort((a, b) => b.answered - a.answered || compareText(a.email, b.email)),
    trend,
    payments: {
      paidSignups: leads.filter((lead) => rows.paidSignups.has(lead.person)).length,
      first: {
        payers: rows.firstPayments.length,
        amount: rows.firstPayments.reduce((sum, payment) => sum + (payment.amount ?? 0), 0),
        currency: rows.firstPayments[0]?.currency ?? null,
      },
      firstBySource: [...bySource.values()].sort(
        (a, b) =>
          Number(a.source === null) - Number(b.source === null) || b.payers - a.payers || compareText(a.source ?? "", b.source ?? ""),
      ),
      firstByMonth: [...byMonth.values()].sort((a, b) => compareText(a.month, b.month)),
    },
  };
}
