const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A length of time as staff say it: "under a minute", "12 min", "2 h 5 min", "3 days 4 h". */
export function durationWords(ms: number): string {
  if (ms < MINUTE) return "under a minute";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) {
    const rest = Math.floor((ms % HOUR) / MINUTE);
    return `${Math.floor(ms / HOUR)} h${rest ? ` ${rest} min` : ""}`;
  }
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
}

/** "answered in 12 min (8 min of opening hours)": both, since owners ask for both. */
export function responseWords(response: { clockMs: number; openMs: number }): string {
  const clock = durationWords(response.clockMs);
  const open = durationWords(response.openMs);
  return clock === open ? `answered in ${clock}` : `answered in ${clock} (${open} of opening hours)`;
}
