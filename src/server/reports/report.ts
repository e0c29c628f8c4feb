import { compareText } from "../../content/dates";
import { FORMS, type FormName } from "../../forms/registry";
import { FUNNEL_STEPS, type FunnelStep, type LeadReport, type ReportPeriod, RESPONSE_LIMITS, type SourceRow } from "../../desk/reports";
import { type GymHours, openHoursCounter } from "./openHours";
import { reportWeeks, weekDates } from "./periods";
import type { ReportGroup, ReportOperations } from "./types";
import { GYM_ZONE } from "../../time/zone";

/**
 * Forms that are not leads. A privacy request is a person asking about their own data, not someone
 * wanting to train; leaving it out for everyone also keeps it from coaches, who never see one.
 */
export const NOT_LEADS: readonly FormName[] = ["privacy-request"];

const LEAD_FORMS = FORMS.filter((form) => !NOT_LEADS.includes(form));

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

const sum = (groups: readonly ReportGroup[], field: keyof Omit<ReportGroup, "week" | "form" | "source">) =>
  groups.reduce((total, group) => total + group[field], 0);

const FUNNEL_FIELDS: Record<FunnelStep, keyof Omit<ReportGroup, "week" | "form" | "source">> = {
  new: "leads",
  contacted: "contacted",
  "intro-booked": "introBooked",
  came: "came",
  joined: "joined",
};

/**
 * What /api/staff/reports answers for a period at `now`: the store counts (reports/store.ts), and this
 * adds them up by form, week and source and works out the answer times. The times on the plain clock
 * and in the gym's opening hours are each sorted on their own: a lead's place among the others can
 * differ between the two.
 */
export async function leadReport(store: ReportOperations, period: ReportPeriod, now: Date, site: GymHours): Promise<LeadReport> {
  const { weekStarts, to, firstDay, lastDay } = reportWeeks(period, now);
  const rows = await store.reportRows({ from: weekStarts[0] as Date, to, weekStarts, exceptForms: NOT_LEADS });
  const { groups } = rows;

  const clock: number[] = [];
  const open: number[] = [];
  let [first, last] = [now.getTime(), now.getTime()];
  for (const lead of rows.answered) {
    first = Math.min(first, lead.receivedAt.getTime());
    last = Math.max(last, lead.firstResponseAt.getTime());
  }
  const openHours = openHoursCounter(site, new Date(first), new Date(last));
  const answeredBySource = new Map<string | null, { answered: number; withinHour: number }>();
  for (const lead of rows.answered) {
    const clockMs = Math.max(0, lead.firstResponseAt.getTime() - lead.receivedAt.getTime());
    clock.push(clockMs);
    open.push(openHours(lead.receivedAt, lead.firstResponseAt));
    const bySource = answeredBySource.get(lead.source) ?? { answered: 0, withinHour: 0 };
    bySource.answered += 1;
    if (clockMs <= 3_600_000) bySource.withinHour += 1;
    answeredBySource.set(lead.source, bySource);
  }
  clock.sort((a, b) => a - b);
  open.sort((a, b) => a - b);
  const at = (p: number) => {
    const clockMs = percentile(clock, p);
    const openMs = percentile(open, p);
    return clockMs === null || openMs === null ? null : { clockMs: Math.round(clockMs), openMs: Math.round(openMs) };
  };

  const sources = new Map<string | null, SourceRow>();
  for (const group of groups) {
    const row = sources.get(group.source) ?? { source: group.source, leads: 0, answered: 0, withinHour: 0, joined: 0 };
    row.leads += group.leads;
    row.joined += group.joined;
    sources.set(group.source, row);
  }
  for (const [source, answered] of answeredBySource) {
    const row = sources.get(source);
    if (row) Object.assign(row, answered);
  }

  const leads = sum(groups, "leads");
  return {
    period,
    timeZone: GYM_ZONE,
    firstDay,
    lastDay,
    leads,
    byForm: LEAD_FORMS.map((form) => ({
      form,
      leads: sum(
        groups.filter((group) => group.form === form),
        "leads",
      ),
    })),
    byWeek: weekDates(weekStarts).map((week, index) => ({
      week,
      leads: sum(
        groups.filter((group) => group.week === index),
        "leads",
      ),
    })),
    response: {
      answered: clock.length,
      unanswered: leads - clock.length,
      median: at(0.5),
      p90: at(0.9),
      within: RESPONSE_LIMITS.map((limit) => ({ label: limit.label, leads: clock.filter((ms) => ms <= limit.ms).length })),
    },
    funnel: (Object.keys(FUNNEL_STEPS) as FunnelStep[]).map((step) => ({ step, leads: sum(groups, FUNNEL_FIELDS[step]) })),
    intros: rows.intros,
    // Most leads first; the unknown source last, as it is no place to spend on.
    sources: [...sources.values()].sort(
      (a, b) => Number(a.source === null) - Number(b.source === null) || b.leads - a.leads || compareText(a.source ?? "", b.source ?? ""),
    ),
  };
}
