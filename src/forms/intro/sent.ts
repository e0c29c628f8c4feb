import type { SentFact, SentWords } from "../sentWords";

/**
 * A free-intro request's confirmation, on the page (the enhanced form's message and the page a form sent
 * without JavaScript gets) and at the top of its e-mail. One free intro per person: a request from an
 * address that already holds one books nothing, and its page says so and that the e-mail has the time
 * it holds (a stranger learns that only by asking to book for the address, and the address is told).
 */

/** A booked intro in the gym's words, as the server writes them (a page formats no dates itself). */
export interface IntroBooked {
  /** "Tuesday, December 1" */
  day: string;
  /** "5:30 PM" */
  time: string;
  coach: string;
}

/**
 * What the answer to a request says of it: booked (with the address of its calendar file, which the
 * send's own key opens for an hour), or the address already holds an intro.
 */
export type IntroOutcome = { booked: IntroBooked; calendar?: string } | { held: true };

/** "Tuesday, December 1 at 5:30 PM with Coach Marcus" */
export const bookedLine = ({ day, time, coach }: IntroBooked) => `${day} at ${time} with Coach ${coach}`;

/** The first words of a booking's page and e-mail. */
export const youAreBooked = (booked: IntroBooked) => `You're booked: ${bookedLine(booked)}`;

const text = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 200;

/** The outcome in a JSON answer (201), or undefined when the answer has none that reads right. */
export function introOutcomeOf(answer: Readonly<Record<string, unknown>>): IntroOutcome | undefined {
  if (answer.held === true) return { held: true };
  const booked = answer.booked as Record<string, unknown> | null | undefined;
  if (typeof booked !== "object" || booked === null || !text(booked.day) || !text(booked.time) || !text(booked.coach)) return undefined;
  const calendar = typeof answer.calendar === "string" && answer.calendar.startsWith("/api/") ? answer.calendar : undefined;
  return { booked: { day: booked.day, time: booked.time, coach: booked.coach }, ...(calendar && { calendar }) };
}

export interface IntroSentFacts {
  /** Undefined when the page does not know the request (a wrong or expired key). */
  outcome?: IntroOutcome;
  /** This server e-mails visitors. */
  confirmation: boolean;
  /** The address the request gave, when the page knows it. */
  email?: string;
  /** The gym's phone number as shown. */
  phone: string;
  /** Where to go, what to bring and what happens (src/content/firstVisit.ts's arrivalFacts). */
  arrival: readonly SentFact[];
}

export function introSent({ outcome, confirmation, email, phone, arrival }: IntroSentFacts): SentWords {
  const call = `call us at ${phone}`;
  if (outcome && "booked" in outcome) {
    return {
      title: youAreBooked(outcome.booked),
      paragraphs: [],
      ...(outcome.calendar && { action: { href: outcome.calendar, text: "Add to calendar" } }),
      facts: arrival,
      closing: [
        confirmation
          ? `We e-mail all of this to ${email ?? "the address you gave"}, with the calendar file and a link to cancel. To change the time, or if the e-mail does not arrive, ${call}.`
          : `To change the time or cancel, ${call}.`,
      ],
    };
  }
  if (outcome) {
    return {
      title: "This e-mail address already has a free intro booked",
      paragraphs: [
        "Each person can book one free intro, so this time was not booked.",
        confirmation
          ? `We e-mail ${email ?? "the address you gave"} the time it holds, with a link to cancel. If the e-mail does not arrive, ${call}.`
          : `To check the time it holds, ${call}.`,
      ],
    };
  }
  return {
    title: confirmation ? "Check your e-mail" : "We have your request",
    paragraphs: [
      confirmation
        ? `Your e-mail has the time of your free intro, the calendar file and a link to cancel. If it does not arrive, ${call}.`
        : `To check your time, ${call}.`,
    ],
  };
}
