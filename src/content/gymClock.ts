import { DAYS, type Day } from "./dates";

/**
 * The gym's UTC offsets over a span of time, worked out at build time (`utcOffsets` in
 * src/schedule/timeZones.ts), so a browser can tell the gym's date without `Intl`: the first use of
 * a time-zone formatter loads the browser's time-zone data, about 100 ms on a phone, and it would run
 * while the page hydrates. Pure.
 */
export interface UtcOffsets {
  /** [epoch ms, minutes east of UTC] from that instant on, oldest first; the first covers the start. */
  changes: ReadonlyArray<readonly [number, number]>;
  /** The table says nothing at or after this instant (epoch ms). */
  until: number;
}

/** The gym's calendar date (YYYY-MM-DD) and weekday at `instant`, or undefined outside the table. */
export function dateFromOffsets(offsets: UtcOffsets, instant: Date): { date: string; day: Day } | undefined {
  const ms = instant.getTime();
  const [first] = offsets.changes;
  if (!first || ms < first[0] || ms >= offsets.until) return undefined;
  let minutes = first[1];
  for (const [from, offset] of offsets.changes) if (from <= ms) minutes = offset;
  const wall = new Date(ms + minutes * 60_000);
  // getUTCDay counts from Sunday (0); DAYS starts on Monday.
  return { date: wall.toISOString().slice(0, 10), day: DAYS[(wall.getUTCDay() + 6) % 7] as Day };
}
