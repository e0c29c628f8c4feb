import type { FormName } from "../forms/registry";

/**
 * The reports as the console receives them from /api/staff/reports (src/server/reports/report.ts), and
 * the words it shows for their codes. Pure: the server imports the codes and types from here.
 */
export const REPORT_PERIODS = {
  week: "This week",
  "4-weeks": "Last 4 weeks",
  "12-weeks": "Last 12 weeks",
} as const;
export type ReportPeriod = keyof typeof REPORT_PERIODS;

/** How many whole weeks before this one each period covers (0: this week so far). */
export const PERIOD_WEEKS: Record<ReportPeriod, number> = { week: 0, "4-weeks": 4, "12-weeks": 12 };

/**
 * The funnel's steps, in order, strictly nested: each counts the people of the step before who got to
 * it, so a step never holds more than the one before and nobody counts in a step they skipped
 * (src/server/reports/report.ts says how each is read).
 */
export const FUNNEL_STEPS = {
  new: "Leads",
  contacted: "Answered",
  "intro-booked": "Intro booked",
  came: "Came",
  joined: "Joined",
} as const;
export type FunnelStep = keyof typeof FUNNEL_STEPS;

/** The answer times the shares are counted at, in milliseconds: each share is of every lead, those not answered counting as not within. */
export const RESPONSE_LIMITS = [
  { label: "5 min", ms: 5 * 60_000 },
  { label: "1 hour", ms: 3_600_000 },
  { label: "1 day", ms: 86_400_000 },
] as const;

/** A length of time on the plain clock and counted in the gym's opening hours. */
export interface ReportDuration {
  clockMs: number;
  openMs: number;
}

export interface SourceRow {
  /** The channel (src/desk/sources.ts: Facebook, Google, ..., Direct, or a value no channel knows); null when the store has no source for the lead. */
  source: string | null;
  /** The raw values grouped under it (utm_source or referring host), most leads first. */
  raw: Array<{ value: string; leads: number }>;
  leads: number;
  answered: number;
  /** Answered within an hour (of `leads`). */
  withinHour: number;
  /** Joined, by whatever path. */
  joined: number;
}

export interface LeadReport {
  period: ReportPeriod;
  timeZone: string;
  /** The period's first and last day at the gym, YYYY-MM-DD (for this week: Monday and today). */
  firstDay: string;
  lastDay: string;
  /** People who sent a sales form in the period (each once, whatever they sent). */
  leads: number;
  /** The leads by the first sales form each sent in the period. */
  byForm: Array<{ form: FormName; leads: number }>;
  /** Leads per week (Monday's date), oldest first: each in the week of their first form in the period. */
  byWeek: Array<{ week: string; leads: number }>;
  response: {
    answered: number;
    unanswered: number;
    /** Over the answered leads. */
    median: ReportDuration | null;
    p90: ReportDuration | null;
    /** For each of RESPONSE_LIMITS: the leads answered within it (a share of `leads`). */
    within: Array<{ label: string; leads: number }>;
  };
  funnel: Array<{ step: FunnelStep; leads: number }>;
  /** Leads who joined, by whatever path (the funnel's Joined counts only those who came to an intro first). */
  joined: number;
  intros: { attended: number; noShow: number; unmarked: number };
  sources: SourceRow[];
  /** Per staff member: the leads whose first answer was theirs, and their median time. */
  staff: Array<{ email: string; answered: number; median: ReportDuration | null }>;
  /** The last 12 whole weeks, whatever the period: leads, answered, and the median answer time of those answered. */
  trend: Array<{ week: string; leads: number; answered: number; median: ReportDuration | null }>;
  /** Payments through Stripe (src/server/payments/). */
  payments: {
    /** Leads of the period who paid for a sign-up (beside `joined`, which a paid sign-up also counts). */
    paidSignups: number;
    /**
     * Payers whose first payment (a sign-up's or a drop-in's) was made in the period, and its amount in
     * cents, all of them, by the channel they came from (as `sources`: most first, unknown last) and by
     * month at the gym (YYYY-MM, oldest first).
     */
    first: { payers: number; amount: number; currency: string | null };
    firstBySource: Array<{ source: string | null; payers: number; amount: number }>;
    firstByMonth: Array<{ month: string; payers: number; amount: number }>;
  };
}

/** The words for a lead whose source the store does not have. */
export const UNKNOWN_SOURCE = "Unknown";

/** A share as staff read it: "45%", or "–" when there is nothing to divide by. */
export function percentWords(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-16" -> "Nov 16" (written out: no Intl, see docs/architecture.md). */
export function shortDate(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? ""} ${day}`;
}
