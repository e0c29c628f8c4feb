import { useHydrated } from "./useHydrated";
import { zonedToday, type Day } from "../content/dates";

/** Today's weekday at the gym: the build's day in the static HTML, the real day once in the browser. */
export function useGymToday(buildWeekday: string, buildDate: string, timeZone: string): { day: Day; date: string } {
  const hydrated = useHydrated();
  if (!hydrated) return { day: buildWeekday as Day, date: buildDate };
  return zonedToday(new Date(), timeZone);
}
