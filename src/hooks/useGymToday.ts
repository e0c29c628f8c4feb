import { useLiveValue } from "./useHydrated";
import { zonedToday, type Day } from "../content/dates";
import { useSiteInfo } from "./useSiteInfo";

/** Today's weekday at the gym: the build's day in the static HTML, the real day once in the browser. */
export function useGymToday(buildWeekday: string, buildDate: string, timeZone: string): { day: Day; date: string } {
  const now = zonedToday(new Date(), timeZone);
  const date = useLiveValue(now.date, buildDate);
  return date === buildDate ? { day: buildWeekday as Day, date: buildDate } : now;
}

/**
 * Today at the gym for a page built from the route table: the build's day from its page context, the
 * time zone from content/site.json. The build validates site.json and useSiteInfo throws without it,
 * so no page guesses a zone of its own.
 */
export function usePageToday(pageContext: { weekday: string; today: string }): { day: Day; date: string } {
  const { timeZone } = useSiteInfo();
  return useGymToday(pageContext.weekday, pageContext.today, timeZone);
}
