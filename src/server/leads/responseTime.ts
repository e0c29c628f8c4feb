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
