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

const WEEK = 7 * DAY;
/** Months and years as the calendar averages them: an age in words is rounded down, never exact. */
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * How old something is, in the one unit a person would say: "under a minute", "5 minutes", "3 hours",
 * "2 days", "11 weeks", "4 months", "2 years" (rounded down). The list says "waiting 11 weeks" where a
 * flag said "late" at 61 minutes and at 11 weeks alike.
 */
export function ageWords(ms: number): string {
  if (ms < MINUTE) return "under a minute";
  if (ms < HOUR) return counted(Math.floor(ms / MINUTE), "minute");
  if (ms < DAY) return counted(Math.floor(ms / HOUR), "hour");
  if (ms < 2 * WEEK) return counted(Math.floor(ms / DAY), "day");
  if (ms < 2 * MONTH) return counted(Math.floor(ms / WEEK), "week");
  if (ms < YEAR) return counted(Math.floor(ms / MONTH), "month");
  return counted(Math.floor(ms / YEAR), "year");
}

/**
 * A person's age on the list and their page: since when they wait for someone to speak to them, or
 * else since their newest form. `late` is the server's flag (waiting over an hour).
 */
export function waitingWords(lead: { waitingSince?: string | null; receivedAt: string }, now: string): string {
  const since = (iso: string) => Math.max(0, Date.parse(now) - Date.parse(iso));
  return lead.waitingSince ? `Waiting ${ageWords(since(lead.waitingSince))}` : `Wrote ${ageWords(since(lead.receivedAt))} ago`;
}
