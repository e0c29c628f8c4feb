/** One text to one person: the number in E.164 (src/texts/phone.ts) and the words. */
export interface OutgoingText {
  to: string;
  body: string;
}

/**
 * What became of a text handed to Twilio. The outbox reads it so a text is retried when it can be and
 * never sent twice:
 * - accepted: Twilio took it (its `sid`, SM..., names it in the delivery reports to /api/sms-status);
 * - refused: Twilio (or the check before it) will never send it as it is: a wrong number, a person who
 *   texted STOP to Twilio (`optedOut`: end their consent too), wrong settings. Not retried;
 * - unavailable: nothing was taken (Twilio unreachable, busy or failing): safe to try again later;
 * - unknown: the request went and no answer came: Twilio may have sent it, so a retry could send it twice.
 */
export type SendResult =
  | { outcome: "accepted"; sid: string; status: string }
  | { outcome: "refused"; reason: string; optedOut: boolean; httpStatus?: number; code?: number }
  | { outcome: "unavailable"; reason: string }
  | { outcome: "unknown"; reason: string };

/** Sends texts from the gym's number (TWILIO_FROM): src/server/texts/twilio.ts, built from TwilioSettings. */
export interface TextSender {
  send(text: OutgoingText): Promise<SendResult>;
}

/**
 * Where a text stands in the `texts` table (migration 22). The site's own words while it has it:
 * - waiting: in the outbox, not yet handed to Twilio (an automated text may wait for 8 am);
 * - sending: handed to Twilio, no answer recorded yet: if the process stops here, the text is never
 *   handed over again (it may have been sent), and becomes unknown;
 * - not-sent: never handed to Twilio, or refused by it: `error` says why (no consent, consent ended, a
 *   wrong number...);
 * - unknown: Twilio may or may not have taken it; it is not sent again;
 * - received: a person's text to the gym.
 * Once Twilio took a text, its status is Twilio's own (queued, accepted, sent, delivered, undelivered,
 * failed...), as its delivery reports to /api/sms-status say.
 */
export type TextStatus = "waiting" | "sending" | "not-sent" | "unknown" | "received";

/** Who sent a text from the gym: a staff member (their address), or an automation of the site. */
export type TextAuthor = { staff: string } | { automation: TextAutomation };

/**
 * The site's own texts: the instant answer to a form, the answer to a STOP, START or HELP, and an
 * intro's reminders and its offer of a new time after a no-show (intro/reminderTexts.ts).
 */
export type TextAutomation = "instant-answer" | "keyword-reply" | "intro-reminder" | "no-show-offer";

/** What the consent ledger knows of a number now: its last event, or none. */
export interface ConsentState {
  phone: string;
  /** "given" or "restored": texts may go; "ended": nothing but STOP's confirmation; null: never given. */
  event: "given" | "ended" | "restored" | null;
  at: Date | null;
  /** Only when it ended on the person's word to the gym's staff (STAFF_STOP_KEYWORD), not by a text. */
  byStaff?: true;
}

/** A consent given with a form (text_consents): everything the ledger keeps as evidence. */
export interface GivenConsent {
  phone: string;
  at: Date;
  disclosure: string;
  version: string;
  /** The page the form was on (its path), when the browser said so. */
  page: string | null;
  form: string;
  /** The submission's reference. */
  submission: string;
  /** The connection, as the rate limit keys it (an IPv4 address, an IPv6 /64). */
  connection: string | null;
}

/** One row of the ledger, as the owner reads it (oldest first). */
export interface ConsentEvent {
  event: "given" | "ended" | "restored";
  at: Date;
  disclosure: string | null;
  version: string | null;
  page: string | null;
  form: string | null;
  submission: string | null;
  connection: string | null;
  keyword: string | null;
}

/** One text, as the store reads it. */
export interface StoredText {
  id: number;
  personId: string | null;
  submissionId: string | null;
  phone: string;
  direction: "in" | "out";
  body: string;
  at: Date;
  sentBy: string | null;
  automation: string | null;
  sid: string | null;
  status: string;
  statusAt: Date;
  error: string | null;
}
