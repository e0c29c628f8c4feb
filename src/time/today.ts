import type { Day } from "../content/dates";
import { dateTimeFormat } from "./intl";
import { GYM_ZONE } from "./zone";

/**
 * The calendar date (YYYY-MM-DD) and weekday at `instant` at the gym (or in `zone`: the content checks'
 * own site.json, the tests' other zones). For the build and the server; a page asks its offset table
 * first (src/content/gymClock.ts) and this only past its end, so it is kept apart from the wall-clock
 * arithmetic and its library (wallClock.ts), which no page bundle carries.
 */
export function zonedToday(instant: Date, zone: string = GYM_ZONE): { date: string; day: Day } {
  const parts = dateTimeFormat({ year: "numeric", month: "2-digit", day: "2-digit", weekday: "long" }, zone).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, day: get("weekday") as Day };
}
