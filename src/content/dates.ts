/** Calendar-date and clock-time helpers shared by content checks, the schedule and the forms. Pure. */

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Day = (typeof DAYS)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written YYYY-MM-DD (2027-02-29 is false, 2028-02-29 is true). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YAML turns an unquoted 2026-11-16 into a Date at UTC midnight; both forms mean the same day. */
export function toIsoDate(value: unknown): string | undefined {
  // Not `instanceof`: a Date made in another realm (a worker, a VM context) is still a date.
  if (Object.prototype.toString.call(value) === "[object Date]") {
    const date = value as Date;
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  }
  if (typeof value === "string" && isIsoDate(value.trim())) return value.trim();
  return undefined;
}

/**
 * An instant written in ISO 8601 with its zone ("2026-11-25T20:00:00Z", "2026-11-25T12:00-08:00") on a
 * real day, or undefined: a time without its zone would mean another instant on every machine.
 */
export function parseInstant(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  // Date rolls 2026-02-30 over to March 2: the written day must be a real one.
  if (!match || !isIsoDate(match[1] as string)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** True for "YYYY-MM-DD HH:MM" with a real date and a 24-hour time. */
export function isLocalDateTime(value: string): boolean {
  const [date, clock, ...rest] = value.split(" ");
  return rest.length === 0 && date !== undefined && clock !== undefined && isIsoDate(date) && isClock(clock);
}

export function isClock(value: string): boolean {
  return CLOCK.test(value);
}

/** Minutes since midnight for "HH:MM". */
export function minutes(clock: string): number {
  const match = CLOCK.exec(clock);
  if (!match) throw new Error(`Not a time of day: "${clock}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Sorts text by code unit, the same in Node and every browser. localeCompare's first use in a browser
 * builds an ICU collator, tens of milliseconds on a phone, while the page hydrates.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * "Credit Card and Debit Card", "cash, card, or check": an English list, written out rather than with
 * Intl.ListFormat, whose first use in a browser loads locale data while the page hydrates.
 */
export function listText(items: readonly string[], joiner: "and" | "or"): string {
  if (items.length <= 2) return items.join(` ${joiner} `);
  return `${items.slice(0, -1).join(", ")}, ${joiner} ${items[items.length - 1]}`;
}

/** "17:30" -> "5:30 PM" */
export function formatClock(clock: string): string {
  const total = minutes(clock);
  const hours = Math.floor(total / 60);
  const mins = total % 60;
  const suffix = hours < 12 ? "AM" : "PM";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(mins).padStart(2, "0")} ${suffix}`;
}

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

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "2026-12-05" -> "Saturday, December 5, 2026". Written out rather than with Intl, whose first use
 * in a browser loads locale data (tens of milliseconds on a phone, while a form page hydrates).
 */
export function formatLongDate(date: string): string {
  const day = new Date(toUtc(date));
  return `${weekdayOf(date)}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
