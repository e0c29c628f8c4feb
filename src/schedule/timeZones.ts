import { TZDate, tzOffset, tzScan } from "@date-fns/tz";
import ICAL from "ical.js";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { UtcOffsets } from "../content/gymClock";

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

/** The zone's UTC offset from `from` for `days` days, one entry per change (the browser's gym clock). */
export function utcOffsets(timeZone: string, from: Date, days: number): UtcOffsets {
  const until = new Date(from.getTime() + days * 86_400_000);
  const changes = tzScan(timeZone, { start: from, end: until }).map((change) => [change.date.getTime(), change.offset] as const);
  return { changes: [[from.getTime(), tzOffset(timeZone, from)], ...changes], until: until.getTime() };
}

/**
 * A wall-clock time in `timeZone` ("2026-11-26 09:00") as ISO 8601 with that day's UTC offset:
 * "2026-11-26T09:00:00-08:00". A time a spring-forward skips is moved on by the gap, as clocks do.
 */
export function zonedIso(localDateTime: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(localDateTime);
  if (!match) throw new Error(`Not a local date and time: "${localDateTime}"`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = new TZDate(year, month - 1, day, hour, minute, timeZone);
  const offset = -time.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const pad = (value: number) => String(value).padStart(2, "0");
  const wall = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}:00`;
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The instant (epoch ms) a calendar day (YYYY-MM-DD) begins in an IANA time zone. */
export function startOfZonedDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, timeZone).getTime();
}
