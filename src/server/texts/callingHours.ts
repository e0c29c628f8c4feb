import { addDays } from "../../content/dates";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

/**
 * Washington's calling hours for texts the site sends by itself (instant answers, reminders): from
 * 8 am to 8 pm at the gym, in content/site.json's time zone, every day. A text a staff member writes
 * goes when they send it; an automated one due outside the hours waits for the next 8 am.
 */
export const TEXTING_STARTS_MINUTE = 8 * 60;
export const TEXTING_ENDS_MINUTE = 20 * 60;

/** Whether an automated text may go at `at`: from 08:00 up to, not including, 20:00 at the gym. */
export function textingAllowedAt(at: Date, timeZone: string): boolean {
  return nextTextingInstant(at, timeZone).getTime() === at.getTime();
}

/** `at` itself when an automated text may go then, else the next 08:00 at the gym (daylight saving included). */
export function nextTextingInstant(at: Date, timeZone: string): Date {
  const { date } = zonedToday(at, timeZone);
  const starts = zonedInstant(date, TEXTING_STARTS_MINUTE, timeZone);
  if (at.getTime() < starts.getTime()) return starts;
  if (at.getTime() < zonedInstant(date, TEXTING_ENDS_MINUTE, timeZone).getTime()) return at;
  return zonedInstant(addDays(date, 1), TEXTING_STARTS_MINUTE, timeZone);
}
