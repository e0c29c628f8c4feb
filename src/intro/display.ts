import { dayLabel, shortDayLabel, timeLabel, whenLabel } from "../time/labels";
import { zonedToday } from "../time/today";

/**
 * How intro times read to people: in the gym's time zone, whatever the visitor's own zone is. Run on
 * the server: the open-slot answer carries these labels (src/time/labels.ts words them), so a
 * visitor's browser never builds a time-zone formatter (its first costs about 100 ms on a phone).
 */

export interface DaySlots {
  /** YYYY-MM-DD in the gym's zone. */
  date: string;
  /** "Tuesday, November 24" */
  label: string;
  /** "Tue, Nov 24" */
  short: string;
  /** "9:00 AM", and the whole "Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time". */
  times: Array<{ start: string; label: string; when: string }>;
}

/**
 * Open slots grouped by day at the gym (or in `zone`, for the tests), one entry per start time (when
 * two coaches are free at the same time the visitor picks the time; the server assigns the coach).
 */
export function slotsByDay(slots: ReadonlyArray<{ start: string }>, zone?: string): DaySlots[] {
  const days = new Map<string, DaySlots>();
  for (const slot of slots) {
    const { date } = zonedToday(new Date(slot.start), zone);
    let day = days.get(date);
    if (!day) {
      day = { date, label: dayLabel(slot.start, zone), short: shortDayLabel(slot.start, zone), times: [] };
      days.set(date, day);
    }
    if (!day.times.some((time) => time.start === slot.start))
      day.times.push({ start: slot.start, label: timeLabel(slot.start, zone), when: whenLabel(slot.start, zone) });
  }
  return [...days.values()];
}
