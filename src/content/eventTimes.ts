import { compareText, DAYS, formatClock } from "./dates";
import { slugify } from "./slugs";

/**
 * Which events are still to come, and how their times read. Pure, without Intl, so the build, the
 * pages and the unit tests agree. Times are the gym's wall-clock times, "YYYY-MM-DD HH:MM".
 */

export interface EventTimes {
  slug: string;
  start: string;
  end?: string | null;
}

/** "content/events/CrossFit Open 2027.md" -> "crossfit-open-2027": the event's address. */
export function eventSlug(fileBaseName: string): string {
  return slugify(fileBaseName);
}

/** The gym's day (YYYY-MM-DD) the event ends on: its end's, or its start's when it has no end. */
export function lastDay(event: EventTimes): string {
  return (event.end ?? event.start).slice(0, 10);
}

/** Past once its last day is over at the gym: an event stays listed for the whole of the day it ends. */
export function hasPassed(event: EventTimes, today: string): boolean {
  return lastDay(event) < today;
}

/** The events that have not passed on `today` (the gym's date), soonest first. */
export function upcomingEvents<T extends EventTimes>(events: readonly T[], today: string): T[] {
  return events
    .filter((event) => !hasPassed(event, today))
    .sort((a, b) => (a.start === b.start ? compareText(a.slug, b.slug) : compareText(a.start, b.start)));
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2026-11-26" -> "Thursday, November 26, 2026" */
export function longDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = DAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7];
  return `${weekday}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/**
 * When an event is, as visitors read it: "Thursday, November 26, 2026, 9:00 AM – 10:00 AM", or with
 * both dates when it ends on a later day.
 */
export function eventWhen(event: Pick<EventTimes, "start" | "end">): string {
  const [startDate = "", startClock = ""] = event.start.split(" ");
  const start = `${longDate(startDate)}, ${formatClock(startClock)}`;
  if (!event.end) return start;
  const [endDate = "", endClock = ""] = event.end.split(" ");
  if (endDate === startDate) return `${start} – ${formatClock(endClock)}`;
  return `${start} – ${longDate(endDate)}, ${formatClock(endClock)}`;
}

/** "2026-11-26 09:00" -> "2026-11-26T09:00", for a <time datetime> (a local date and time, as HTML allows). */
export function htmlDateTime(localDateTime: string): string {
  return localDateTime.replace(" ", "T");
}

/** What an event costs, as visitors read it: "Free" or "$20" ("$12.50"). */
export function priceText(price: number): string {
  if (price === 0) return "Free";
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}
