import { addDays, minutes, weekdayOf } from "../../content/dates";
import { hoursOn } from "../../content/hours";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

/** The gym's hours, as content/site.json gives them; they are hours on its clock (src/time/zone.ts). */
export interface GymHours {
  hours: ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }>;
}

/**
 * Each day's opening hours as instants, kept per site and date: placing a day on the gym's clock asks
 * the time zone twice per interval, and a report whose leads go back two years spent about 170 ms doing
 * that for every request (npm run bench:reports). A date's hours never change while the server runs
 * (content is built in), so a server works each day out once; the cache is a few hundred small arrays.
 */
const DAY_CACHE = new WeakMap<GymHours, Map<string, ReadonlyArray<readonly [number, number]>>>();

function dayHours(site: GymHours, date: string): ReadonlyArray<readonly [number, number]> {
  let days = DAY_CACHE.get(site);
  if (!days) {
    days = new Map();
    DAY_CACHE.set(site, days);
  }
  let day = days.get(date);
  if (!day) {
    day = hoursOn(site, weekdayOf(date))
      .map((hours) => [zonedInstant(date, minutes(hours.opens)).getTime(), zonedInstant(date, minutes(hours.closes)).getTime()] as const)
      .sort((a, b) => a[0] - b[0]);
    days.set(date, day);
  }
  return day;
}

/**
 * The gym's opening hours from `first` to `last` (instants), as one sorted list of intervals with
 * running totals: how much of [from, to) falls in opening hours is then two binary searches, which is
 * what lets the reports count 1,700 answered leads in a few milliseconds (npm run bench:reports). The one
 * place opening hours are counted: a single lead's time to answer (leads/responseTime.ts) builds a counter
 * over its own span. Each day's hours are placed with that
 * day's own offset, as there. Two entries of content/site.json whose hours overlap on a day (nothing
 * checks they do not) are joined here, so each open minute counts once.
 */
export function openHoursCounter(site: GymHours, first: Date, last: Date): (from: Date, to: Date) => number {
  const opens: number[] = [];
  const closes: number[] = [];
  const before: number[] = [];
  let total = 0;
  const lastDate = zonedToday(last).date;
  for (let date = zonedToday(first).date; date <= lastDate; date = addDays(date, 1)) {
    for (const [open, close] of dayHours(site, date)) {
      const previous = closes.length - 1;
      if (previous >= 0 && open <= (closes[previous] as number)) {
        // Overlaps the interval before it: stretch that one.
        if (close > (closes[previous] as number)) {
          total += close - (closes[previous] as number);
          closes[previous] = close;
        }
        continue;
      }
      opens.push(open);
      closes.push(close);
      before.push(total);
      total += close - open;
    }
  }
  /** Opening hours from the first day's start until `at`. */
  const until = (at: number): number => {
    let low = 0;
    let high = opens.length;
    // The number of intervals that open before `at`.
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((opens[middle] as number) < at) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return 0;
    const index = low - 1;
    return (before[index] as number) + Math.min(at, closes[index] as number) - (opens[index] as number);
  };
  return (from, to) => Math.max(0, until(to.getTime()) - until(from.getTime()));
}
