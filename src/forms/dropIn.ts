import { DAYS, type Day } from "../content/dates";

/**
 * What the drop-in form renders with; its check is src/forms/schemas/dropIn.ts, loaded on first use.
 * The same rules run on the server with the same content, so the visitor is told what the server says.
 */

/** How far ahead a visit may be booked: a visitor plans a trip, not a season. */
export const MAX_VISIT_DAYS = 60;

/** The weekdays the drop-in's program has a class on the schedule, Monday first. */
export function classDays(slots: ReadonlyArray<{ day: string; program: string }>, program: string): Day[] {
  return DAYS.filter((day) => slots.some((slot) => slot.day === day && slot.program === program));
}
