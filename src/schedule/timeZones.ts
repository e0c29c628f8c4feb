import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { tzlib_get_ical_block } from "timezones-ical-library";

/**
 * The VTIMEZONE the calendar files carry for an IANA zone, from timezones-ical-library (built from
 * the tz database and republished when it changes), or undefined for a name it does not know.
 */
export function vtimezoneFor(timeZone: string): string | undefined {
  const block = tzlib_get_ical_block(timeZone);
  const component = Array.isArray(block) ? block[0] : undefined;
  return component?.startsWith("BEGIN:VTIMEZONE") ? component : undefined;
}

/**
 * The first day from `from` (YYYY-MM-DD) within `days` on which a VTIMEZONE's UTC offset at noon
 * differs from the one this machine's time zone database gives, or undefined when they agree.
 * Governments change their clocks; a calendar file with last year's rules would put every class an
 * hour off for half the year while the pages stay right.
 */
export function vtimezoneDisagreement(timeZone: string, vtimezone: string, from: string, days: number): string | undefined {
  const zone = new ICAL.Timezone(ICAL.Component.fromString(vtimezone));
  const [year, month, day] = from.split("-").map(Number) as [number, number, number];
  for (let offset = 0; offset < days; offset++) {
    const noon = new TZDate(year, month - 1, day + offset, 12, 0, timeZone);
    const local = new ICAL.Time({ year: noon.getFullYear(), month: noon.getMonth() + 1, day: noon.getDate(), hour: 12 }, zone);
    if (zone.utcOffset(local) !== -noon.getTimezoneOffset() * 60) {
      return `${noon.getFullYear()}-${String(noon.getMonth() + 1).padStart(2, "0")}-${String(noon.getDate()).padStart(2, "0")}`;
    }
  }
  return undefined;
}
