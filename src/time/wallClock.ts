import { TZDate, tzOffset, tzScan } from "@date-fns/tz";
import type { UtcOffsets } from "../content/gymClock";
import { GYM_ZONE } from "./zone";

/**
 * Wall-clock arithmetic at the gym: a time on its clock as an instant, and its UTC offsets over a span.
 * Real instants, so daylight-saving changes follow the zone's rules. Each takes another zone only for
 * the tests; the site always means the gym's (zone.ts).
 */

/** The instant of a wall-clock time (minutes after midnight) on a date (YYYY-MM-DD). */
export function zonedInstant(date: string, minuteOfDay: number, zone: string = GYM_ZONE): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, zone).getTime());
}

/** The instant (epoch ms) a calendar day (YYYY-MM-DD) begins. */
export function startOfZonedDay(date: string, zone: string = GYM_ZONE): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, zone).getTime();
}

/**
 * A wall-clock time ("2026-11-26 09:00") as ISO 8601 with that day's UTC offset:
 * "2026-11-26T09:00:00-08:00". A time a spring-forward skips is moved on by the gap, as clocks do.
 */
export function zonedIso(localDateTime: string, zone: string = GYM_ZONE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(localDateTime);
  if (!match) throw new Error(`Not a local date and time: "${localDateTime}"`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = new TZDate(year, month - 1, day, hour, minute, zone);
  const offset = -time.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const pad = (value: number) => String(value).padStart(2, "0");
  const wall = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}:00`;
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The UTC offset from `from` for `days` days, one entry per change (the browser's gym clock). */
export function utcOffsets(from: Date, days: number, zone: string = GYM_ZONE): UtcOffsets {
  const until = new Date(from.getTime() + days * 86_400_000);
  const changes = tzScan(zone, { start: from, end: until }).map((change) => [change.date.getTime(), change.offset] as const);
  return { changes: [[from.getTime(), tzOffset(zone, from)], ...changes], until: until.getTime() };
}
