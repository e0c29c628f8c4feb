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
