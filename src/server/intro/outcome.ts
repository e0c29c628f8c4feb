import { formatPhone } from "../../content/contact";
import { apiPath } from "../../forms/endpoints";
import type { IntroBooked, IntroOutcome } from "../../forms/intro/sent";
import { site } from "../content";
import { dayLabel, timeLabel } from "../../time/labels";

/**
 * What a free-intro request's answer and confirmation page say of it, read from its stored fields: a
 * booking's fields hold its coach (and its end), a request from an address that already holds an intro
 * holds none (form.ts). The browser formats no dates: the day and time are worded here.
 */

/** The booked day, time and coach in the gym's zone, or undefined when the fields hold no booking. */
export function bookedOf(fields: Readonly<Record<string, unknown>>): IntroBooked | undefined {
  const { start, coach } = fields;
  if (typeof start !== "string" || Number.isNaN(Date.parse(start)) || typeof coach !== "string" || coach === "") return undefined;
  return { day: dayLabel(start), time: timeLabel(start), coach };
}

/**
 * GET /api/intro-calendar?sent=<reference>&key=<key>: the booking's calendar file, opened by the key its
 * send was given, for as long as that key opens its confirmation page (calendar.ts).
 */
export const calendarPath = (reference: string, key: string) =>
  `${apiPath("intro-calendar")}?${new URLSearchParams({ sent: reference, key }).toString()}`;

/** The request's outcome; with the send's key, the booking's calendar file's address. */
export function outcomeOf(fields: Readonly<Record<string, unknown>>, open?: { reference: string; key: string }): IntroOutcome {
  const booked = bookedOf(fields);
  if (!booked) return { held: true };
  return { booked, ...(open && { calendar: calendarPath(open.reference, open.key) }) };
}

/** The JSON answer's part of the outcome (src/forms/intro/sent.ts's introOutcomeOf reads it back). */
export function answerOf(outcome: IntroOutcome): Record<string, unknown> {
  return "booked" in outcome ? { booked: outcome.booked, ...(outcome.calendar && { calendar: outcome.calendar }) } : { held: true };
}

/** The gym's phone number as the pages show it. */
export const phoneShown = () => formatPhone(site.phone);
