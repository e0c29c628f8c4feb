import { addDays, formatClock, minutes, weekdayOf } from "../../content/dates";
import { hoursOn } from "../../content/hours";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";
import type { GymHours } from "../reports/openHours";

/**
 * How long before closing a form still counts as come in "today": one sent at 6:45 PM is answered
 * tomorrow, not promised before a 7 PM the coach may not make.
 */
export const ANSWER_MARGIN_MS = 30 * 60_000;

/** Morning, afternoon or evening, by the time the gym opens. */
function partOfDay(opens: string): string {
  const at = minutes(opens);
  return at < 12 * 60 ? "morning" : at < 17 * 60 ? "afternoon" : "evening";
}

/**
 * When the gym will answer a form that came in at `now`, on the gym's clock, as the instant answer's
 * {when} says it: "today before 7:00 PM" while the gym is open (and not about to close), otherwise the
 * next time it opens: "this morning" (before it opens today), "tomorrow morning", "on Monday morning".
 * A closed day (`closed`: a holiday, YYYY-MM-DD) is passed over. A gym without hours in
 * content/site.json says "as soon as we can".
 */
export function answerWhen(site: GymHours, now: Date, closed: readonly string[] = []): string {
  const today = zonedToday(now).date;
  const at = now.getTime();
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today, offset);
    if (closed.includes(date)) continue;
    const day = weekdayOf(date);
    const hours = [...hoursOn(site, day)].sort((a, b) => minutes(a.opens) - minutes(b.opens));
    for (const { opens, closes } of hours) {
      const open = zonedInstant(date, minutes(opens)).getTime();
      const close = zonedInstant(date, minutes(closes)).getTime();
      if (close - ANSWER_MARGIN_MS <= at) continue;
      if (open <= at) return `today before ${formatClock(closes)}`;
      const part = partOfDay(opens);
      if (offset === 0) return `this ${part}`;
      if (offset === 1) return `tomorrow ${part}`;
      return `on ${day} ${part}`;
    }
  }
  return "as soon as we can";
}
