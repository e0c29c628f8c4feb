import type { Day } from "../content/dates";
import { dateFromOffsets } from "../content/gymClock";
import type { RoutePageContext } from "../routes";
import { zonedToday } from "../time/today";
import { useLiveValue } from "./useHydrated";

/**
 * Today at the gym for a page built from the route table: the build's day (its page context) in the
 * static HTML, the real day once in the browser. The real day comes from the page's table of the
 * gym's UTC offsets, made at build time, so no time-zone formatter is built while the page hydrates;
 * only a browser whose clock is outside the table (a build over a year old) asks Intl, in the zone
 * content/site.json names (src/time/zone.ts).
 */
export function usePageToday(pageContext: Pick<RoutePageContext, "weekday" | "today" | "utcOffsets">): { day: Day; date: string } {
  const now = new Date();
  const live = dateFromOffsets(pageContext.utcOffsets, now) ?? zonedToday(now);
  const date = useLiveValue(live.date, pageContext.today);
  return date === pageContext.today ? { day: pageContext.weekday as Day, date } : live;
}
