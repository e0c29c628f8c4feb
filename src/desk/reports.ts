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
 * The funnel's steps, in order. Each counts the leads that got at least that far, so a step never
 * holds more than the one before it (src/server/reports/store.ts says how each is read from the store).
 */
export const FUNNEL_STEPS = {
  new: "New",
  contacted: "Contacted",
  "intro-booked": "Intro booked",
  came: "Came",
  joined: "Joined",
} as const;
export type FunnelStep = keyof typeof FUNNEL_STEPS;

/** The answer times the shares are counted at, in milliseconds. */
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
  /** utm_source, else the referring host, else "Direct"; null when the store has no source for the lead. */
  source: string | null;
  leads: number;
  answered: number;
  /** Answered within an hour (of `answered`). */
  withinHour: number;
  joined: number;
}

export interface LeadReport {
  period: ReportPeriod;
  timeZone: string;
  /** The period's first and last day at the gym, YYYY-MM-DD (for this week: Monday and today). */
  firstDay: string;
  lastDay: string;
  leads: number;
  byForm: Array<{ form: FormName; leads: number }>;
  /** Leads per week (Monday's date), oldest first. */
  byWeek: Array<{ week: string; leads: number }>;
  response: {
    answered: number;
    unanswered: number;
    median: ReportDuration | null;
    p90: ReportDuration | null;
    /** For each of RESPONSE_LIMITS: the answered leads answered within it. */
    within: Array<{ label: string; leads: number }>;
  };
  funnel: Array<{ step: FunnelStep; leads: number }>;
  intros: { attended: number; noShow: number; unmarked: number };
  sources: SourceRow[];
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
