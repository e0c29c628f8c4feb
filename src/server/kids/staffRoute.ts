import type { StaffRoute } from "../staff/guard";
import { offeredClasses } from "./classes";
import type { KidsTrialStore, TrialSeat } from "./types";
import { dayLabel, timeLabel, zoneName } from "../../time/labels";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A seat as the console lists it: the child (first name, age) for the coach, the parent as the lead. */
function seatView(seat: TrialSeat) {
  const p = seat.submission.payload;
  return {
    id: seat.submission.id,
    childName: text(p.childName),
    childAge: typeof p.childAge === "number" ? p.childAge : null,
    parent: text(p.name),
    email: text(p.email),
    phone: text(p.phone),
    cancelled: seat.cancelledAt !== null,
  };
}

/**
 * Today's and later kids classes with trial seats, soonest first: each with its seats (as content offers
 * them now) and who holds them. A class staff lowered below its bookings, or no longer offer, still lists
 * the children booked in it.
 */
function byClass(seats: readonly TrialSeat[], now: Date) {
  const classes = new Map<string, { start: string; seats: number | null; children: Array<ReturnType<typeof seatView>> }>();
  for (const offered of offeredClasses(now)) classes.set(offered.start, { start: offered.start, seats: offered.seats, children: [] });
  for (const seat of seats) {
    const start = seat.classStart.toISOString();
    const entry = classes.get(start) ?? { start, seats: null, children: [] };
    entry.children.push(seatView(seat));
    classes.set(start, entry);
  }
  return [...classes.values()]
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
    .map((entry) => ({
      ...entry,
      day: dayLabel(entry.start),
      time: timeLabel(entry.start),
      taken: entry.children.filter((child) => !child.cancelled).length,
    }));
}

/**
 * GET /api/staff/kids-trials: the kids classes with trial seats from today on, in the gym's zone, each
 * child booked with their age and the parent to call. A trial is a lead (the parent is the person): its
 * reference opens the lead's page.
 */
export const kidsTrials: StaffRoute<KidsTrialStore> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, now }) {
      const today = zonedInstant(zonedToday(now).date, 0);
      return { json: { zone: zoneName(), classes: byClass(await store.trialSeats(today), now) } };
    },
  },
};
