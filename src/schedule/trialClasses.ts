import { addDays, minutes, weekdayOf } from "../content/dates";
import { zonedToday } from "../time/today";
import { zonedInstant } from "../time/wallClock";

/**
 * The kids' trial classes: each weekly kids class with `trialSeats` (content/schedule.json) turned into
 * its real classes (instants, so daylight-saving changes follow the zone's rules) from a little ahead
 * of now to two weeks out, each with its seats. Pure: the caller passes the time; which seats are taken
 * is the store's (src/server/kids/).
 */

/** How far ahead a parent may book: the next two weeks of classes, enough to plan a first visit. */
export const TRIAL_HORIZON_DAYS = 14;

/** How soon before a class its trial seats stop being offered: the coach plans the class with the list. */
export const TRIAL_NOTICE_HOURS = 2;

const HOUR_MS = 3_600_000;

export interface TrialSlot {
  day: string;
  start: string;
  end: string;
  coach?: string | null;
  trialSeats?: number | null;
}

export interface TrialClass {
  /** ISO 8601 in UTC, as `Date.prototype.toISOString` writes it: the one spelling the store compares. */
  start: string;
  end: string;
  coach?: string;
  /** The class's trial seats, as content/schedule.json offers them now. */
  seats: number;
}

/**
 * Every trial class between now + notice and now + horizon, soonest first; `closed` are the gym's dates
 * (YYYY-MM-DD) with no classes (a holiday), on which none is offered. On the gym's clock (or in `zone`,
 * for the tests).
 */
export function trialClasses(slots: readonly TrialSlot[], closed: readonly string[], now: Date, zone?: string): TrialClass[] {
  const earliest = now.getTime() + TRIAL_NOTICE_HOURS * HOUR_MS;
  const latest = now.getTime() + TRIAL_HORIZON_DAYS * 24 * HOUR_MS;
  const today = zonedToday(now, zone).date;
  const classes: TrialClass[] = [];
  for (let offset = 0; offset <= TRIAL_HORIZON_DAYS; offset++) {
    const date = addDays(today, offset);
    if (closed.includes(date)) continue;
    const day = weekdayOf(date);
    for (const slot of slots) {
      if (slot.day !== day || !slot.trialSeats) continue;
      const start = zonedInstant(date, minutes(slot.start), zone);
      if (start.getTime() < earliest || start.getTime() > latest) continue;
      classes.push({
        start: start.toISOString(),
        end: zonedInstant(date, minutes(slot.end), zone).toISOString(),
        ...(slot.coach ? { coach: slot.coach } : {}),
        seats: slot.trialSeats,
      });
    }
  }
  return classes.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** "1 seat left", "3 seats left", "Full". */
export function seatsLeftText(left: number): string {
  if (left <= 0) return "Full";
  return `${left} ${left === 1 ? "seat" : "seats"} left`;
}
