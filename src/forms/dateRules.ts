import { DAYS, isIsoDate, type Day } from "../content/dates";

/**
 * Calendar arithmetic on YYYY-MM-DD dates. Dates are whole days at the gym, in its own time zone;
 * working on the calendar date itself (not on instants) means daylight-saving changes cannot move a
 * date. Pure.
 */

function toUtc(date: string): number {
  if (!isIsoDate(date)) throw new Error(`Not a calendar date: "${date}"`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY = 86_400_000;

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY);
}

/** The weekday of a date ("2026-11-27" -> "Friday"). */
export function weekdayOf(date: string): Day {
  return DAYS[(new Date(toUtc(date)).getUTCDay() + 6) % 7] as Day;
}

/** Full years from `birth` to `on` (a February 29 birthday counts on March 1 in common years). */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [oy, om, od] = on.split("-").map(Number) as [number, number, number];
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age -= 1;
  return age;
}

export interface HoldPolicy {
  holdNoticeDays: number;
  minHoldDays: number;
  maxHoldDays: number;
  cancellationNoticeDays: number;
}

/** A hold covers holdStart to holdEnd, both days included; billing resumes the day after. */
export function holdLength(holdStart: string, holdEnd: string): number {
  return daysBetween(holdStart, holdEnd) + 1;
}

export function earliestHoldStart(policy: HoldPolicy, today: string): string {
  return addDays(today, policy.holdNoticeDays);
}

export function holdEndRange(policy: HoldPolicy, holdStart: string): { min: string; max: string } {
  return { min: addDays(holdStart, policy.minHoldDays - 1), max: addDays(holdStart, policy.maxHoldDays - 1) };
}

export function resumeDate(holdEnd: string): string {
  return addDays(holdEnd, 1);
}

export function earliestCancelDate(policy: HoldPolicy, today: string): string {
  return addDays(today, policy.cancellationNoticeDays);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "2026-12-05" -> "Saturday, December 5, 2026". Written out rather than with Intl, whose first use
 * in a browser loads locale data (tens of milliseconds on a phone, while a form page hydrates).
 */
export function formatLongDate(date: string): string {
  const day = new Date(toUtc(date));
  return `${weekdayOf(date)}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
