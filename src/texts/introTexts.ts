/**
 * An intro's reminders and its offer of a new time after a no-show, by text, to a visitor who ticked
 * "Text me about my enquiry" on the booking (src/server/intro/reminderTexts.ts sends them in place of the
 * e-mails). Fixed words, here only; plain GSM-7 characters (no curly quotes, no emoji), so each stays
 * within two segments (src/texts/segments.ts). Pure: the tests and the server share it.
 */

/** What a text says of the booking, in the gym's time zone ("Tuesday, December 1", "5:00 AM"). */
export interface IntroTextFacts {
  gym: string;
  /** The intro's name as the gym says it ("free intro session"). */
  intro: string;
  day: string;
  time: string;
  coach: string;
  /** The visitor's own cancel/change link, when the message carries its token. */
  cancelLink?: string;
  /** The gym's phone, as the mails show it. */
  phone: string;
}

/**
 * Said on the first text the gym's number sends a person: the form's disclosure told them STOP ends
 * texts, and the first text says it again (carriers' rules ask it of a program's first message).
 */
export const STOP_LINE = "Reply STOP to end.";

const change = (facts: IntroTextFacts) =>
  facts.cancelLink ? `To cancel or change: ${facts.cancelLink}` : `To cancel or change, call ${facts.phone}.`;

const withStop = (words: string, first: boolean) => (first ? `${words} ${STOP_LINE}` : words);

/** The reminder the day before, or two hours before (`hoursBefore`). */
export function reminderText(facts: IntroTextFacts, hoursBefore: boolean, first: boolean): string {
  const what = hoursBefore
    ? `${facts.gym}: see you soon! Your ${facts.intro} is today at ${facts.time} with Coach ${facts.coach}.`
    : `${facts.gym}: a reminder of your ${facts.intro} on ${facts.day} at ${facts.time} with Coach ${facts.coach}.`;
  return withStop(`${what} ${change(facts)}`, first);
}

/** The morning after a missed intro: one offer of a new time, with the booking page (`bookAt`). */
export function noShowOfferText(facts: Omit<IntroTextFacts, "cancelLink">, bookAt: string, first: boolean): string {
  return withStop(
    `${facts.gym}: we missed you at your ${facts.intro} on ${facts.day}. Pick a new time at ${bookAt} or call ${facts.phone}.`,
    first,
  );
}
