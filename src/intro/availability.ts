import { DAYS, minutes, type Day } from "../content/dates";
import type { Intro } from "../content/schemas";
import { zonedToday } from "../time/today";
import { zonedInstant } from "../time/wallClock";

/**
 * Free-intro availability: the weekly windows in content/intro.json turned into bookable slots (real
 * instants, so daylight-saving changes are handled by the zone's rules), minus blackout days, slots
 * inside the minimum notice, slots past the booking horizon, and slots already booked. Pure: the
 * caller passes the time and the bookings.
 */

export interface IntroSlot {
  /** ISO 8601 in UTC, as `Date.prototype.toISOString` writes it: the one spelling the store compares. */
  start: string;
  end: string;
  coach: string;
}

export type Availability = Pick<Intro, "slotMinutes" | "horizonDays" | "noticeHours" | "coaches" | "blackouts">;

const HOUR_MS = 3_600_000;

/** The calendar date `count` days after `date` (both YYYY-MM-DD). */
export function addDays(date: string, count: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + count);
  return next.toISOString().slice(0, 10);
}

function weekday(date: string): Day {
  return DAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] as Day;
}

/**
 * Every slot the content offers between now + notice and now + horizon, booked or not, on the gym's
 * clock (or in `zone`, for the tests).
 */
export function expandSlots(intro: Availability, now: Date, zone?: string): IntroSlot[] {
  const earliest = now.getTime() + intro.noticeHours * HOUR_MS;
  const latest = now.getTime() + intro.horizonDays * 24 * HOUR_MS;
  const today = zonedToday(now, zone).date;
  const slots: Array<IntroSlot & { order: number }> = [];
  for (let offset = 0; offset <= intro.horizonDays; offset++) {
    const date = addDays(today, offset);
    const day = weekday(date);
    const blackouts = intro.blackouts.filter((blackout) => blackout.date === date);
    if (blackouts.some((blackout) => blackout.coach === undefined)) continue;
    intro.coaches.forEach((coach, order) => {
      if (blackouts.some((blackout) => blackout.coach === coach.name)) return;
      for (const window of coach.windows.filter((w) => w.day === day)) {
        for (let from = minutes(window.from); from + intro.slotMinutes <= minutes(window.to); from += intro.slotMinutes) {
          const start = zonedInstant(date, from, zone);
          if (start.getTime() < earliest || start.getTime() > latest) continue;
          const end = zonedInstant(date, from + intro.slotMinutes, zone);
          slots.push({ start: start.toISOString(), end: end.toISOString(), coach: coach.name, order });
        }
      }
    });
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.order - b.order).map(({ order: _order, ...slot }) => slot);
}

/**
 * The slots a visitor may book now: offered, and not overlapping a booking of that coach (a booking
 * made before staff changed the slot length or moved a window still blocks the time it holds).
 */
export function openSlots(
  intro: Availability,
  now: Date,
  taken: ReadonlyArray<{ coach: string; start: Date; end: Date }>,
  zone?: string,
): IntroSlot[] {
  return expandSlots(intro, now, zone).filter((slot) => {
    const [start, end] = [Date.parse(slot.start), Date.parse(slot.end)];
    return !taken.some((booking) => booking.coach === slot.coach && booking.start.getTime() < end && booking.end.getTime() > start);
  });
}
