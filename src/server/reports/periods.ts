import { addDays, weekdayOf, DAYS } from "../../content/dates";
import { PERIOD_WEEKS, type ReportPeriod } from "../../desk/reports";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

/**
 * A report's weeks at the gym: Monday to Sunday in its time zone, each starting at midnight there (a
 * daylight-saving change makes a week 167 or 169 hours long, and its leads still count in the right one).
 * "This week" is Monday of the gym's current week until now; "last 4/12 weeks" are the 4 or 12 whole
 * weeks before it, without this week: whole weeks compare with each other, and this week's leads have
 * not had time to be answered or to come. `zone` is another zone than the gym's, for the tests.
 */
export function reportWeeks(
  period: ReportPeriod,
  now: Date,
  zone?: string,
): { weekStarts: Date[]; to: Date; firstDay: string; lastDay: string } {
  const today = zonedToday(now, zone).date;
  const monday = addDays(today, -DAYS.indexOf(weekdayOf(today)));
  const weeks = PERIOD_WEEKS[period];
  const midnight = (date: string) => zonedInstant(date, 0, zone);
  if (weeks === 0) return { weekStarts: [midnight(monday)], to: now, firstDay: monday, lastDay: today };
  const mondays = Array.from({ length: weeks }, (_, index) => addDays(monday, 7 * (index - weeks)));
  return { weekStarts: mondays.map(midnight), to: midnight(monday), firstDay: mondays[0] as string, lastDay: addDays(monday, -1) };
}

/** The Monday (YYYY-MM-DD at the gym) of each week start. */
export const weekDates = (weekStarts: readonly Date[]): string[] => weekStarts.map((start) => zonedToday(start).date);
