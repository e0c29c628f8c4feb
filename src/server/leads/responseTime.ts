import { addDays, minutes, weekdayOf, zonedToday } from "../../content/dates";
import { hoursOn } from "../../content/hours";
import { zonedInstant } from "../../intro/availability";

type Hours = ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }>;

/** How long the gym took to answer a lead: on the plain clock, and counting only its opening hours. */
export interface ResponseTime {
  clockMs: number;
  openMs: number;
}

/**
 * The part of [from, to) that falls in the gym's opening hours (content/site.json), in its time zone:
 * a lead sent at 21:00 on a Friday and answered at 09:10 on Saturday took 10 minutes of opening hours.
 * Each day's hours are placed with that day's own offset, so a daylight-saving change counts right.
 */
export function openMsBetween(from: Date, to: Date, site: { hours: Hours; timeZone: string }): number {
  if (to.getTime() <= from.getTime()) return 0;
  const last = zonedToday(to, site.timeZone).date;
  let total = 0;
  for (let date = zonedToday(from, site.timeZone).date; date <= last; date = addDays(date, 1)) {
    for (const hours of hoursOn(site, weekdayOf(date))) {
      const opens = zonedInstant(date, minutes(hours.opens), site.timeZone).getTime();
      const closes = zonedInstant(date, minutes(hours.closes), site.timeZone).getTime();
      total += Math.max(0, Math.min(closes, to.getTime()) - Math.max(opens, from.getTime()));
    }
  }
  return total;
}

export function responseTime(receivedAt: Date, firstResponseAt: Date, site: { hours: Hours; timeZone: string }): ResponseTime {
  return { clockMs: firstResponseAt.getTime() - receivedAt.getTime(), openMs: openMsBetween(receivedAt, firstResponseAt, site) };
}

/** Whether the gym is open at `at`: reminders go only then, when someone can act on them. */
export function isOpenAt(at: Date, site: { hours: Hours; timeZone: string }): boolean {
  return openMsBetween(at, new Date(at.getTime() + 1), site) > 0;
}

/** When the gym opens on its day `date` (YYYY-MM-DD), or undefined when it is closed all day. */
export function openingOn(date: string, site: { hours: Hours; timeZone: string }): Date | undefined {
  const opens = hoursOn(site, weekdayOf(date)).map((hours) => minutes(hours.opens));
  return opens.length === 0 ? undefined : zonedInstant(date, Math.min(...opens), site.timeZone);
}
