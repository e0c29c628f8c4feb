import { minutes, weekdayOf } from "../../content/dates";
import { openHoursCounter, type GymHours } from "../reports/openHours";
import { hoursOn } from "../../content/hours";
import { zonedInstant } from "../../time/wallClock";

type Hours = GymHours;

/** How long the gym took to answer a lead: on the plain clock, and counting only its opening hours. */
export interface ResponseTime {
  clockMs: number;
  openMs: number;
}

/**
 * The part of [from, to) that falls in the gym's opening hours (content/site.json), in its time zone:
 * a lead sent at 21:00 on a Friday and answered at 09:10 on Saturday took 10 minutes of opening hours.
 * Counted by the reports' counter (reports/openHours.ts: each day's hours with that day's own offset,
 * overlapping entries once), over this one span.
 */
export function openMsBetween(from: Date, to: Date, site: Hours): number {
  if (to.getTime() <= from.getTime()) return 0;
  return openHoursCounter(site, from, to)(from, to);
}

export function responseTime(receivedAt: Date, firstResponseAt: Date, site: Hours): ResponseTime {
  return { clockMs: firstResponseAt.getTime() - receivedAt.getTime(), openMs: openMsBetween(receivedAt, firstResponseAt, site) };
}

/** Whether the gym is open at `at`: reminders go only then, when someone can act on them. */
export function isOpenAt(at: Date, site: Hours): boolean {
  return openMsBetween(at, new Date(at.getTime() + 1), site) > 0;
}

/** When the gym opens on its day `date` (YYYY-MM-DD), or undefined when it is closed all day. */
export function openingOn(date: string, site: Hours): Date | undefined {
  const opens = hoursOn(site, weekdayOf(date)).map((hours) => minutes(hours.opens));
  return opens.length === 0 ? undefined : zonedInstant(date, Math.min(...opens));
}
