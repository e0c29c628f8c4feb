import { DAYS, type Day } from "../../content/dates";

/**
 * What the drop-in form renders with; its check is src/forms/dropIn/schema.ts, loaded on first use.
 * The same rules run on the server with the same content, so the visitor is told what the server says.
 */

/** How far ahead a visit may be booked: a visitor plans a trip, not a season. */
export const MAX_VISIT_DAYS = 60;

/**
 * A visitor's age, as the form asks it: a waiver signed by someone under 18 binds nobody, so a teen's
 * parent or guardian accepts it for them. Classes are for 13 and up (ADULT_MIN_AGE); younger children
 * train in CrossFit Kids, which is by membership.
 */
export const AGE_GROUPS = ["18+", "13-17"] as const;

/** Whether a parent or guardian accepts the waiver for a visitor of this age group (13 to 17). */
export function guardianAccepts(ageGroup: unknown): boolean {
  return ageGroup === AGE_GROUPS[1];
}

/** The weekdays the drop-in's program has a class on the schedule, Monday first. */
export function classDays(slots: ReadonlyArray<{ day: string; program: string }>, program: string): Day[] {
  return DAYS.filter((day) => slots.some((slot) => slot.day === day && slot.program === program));
}
