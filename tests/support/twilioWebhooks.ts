import { randomBytes } from "node:crypto";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, type AcceptedMessage } from "./twilioApi";

/**
 * The requests Twilio sends the site, made as Twilio makes them: urlencoded fields, signed in
 * X-Twilio-Signature with the SDK's own helper (getExpectedTwilioSignature) over the address Twilio was
 * given (SITE_URL and the path) and the fields. The fields are those Twilio documents for "a message
 * comes in" and for a status callback.
 */
export type WebhookFields = Record<string, string>;

/** A person's text to the gym's number, as Twilio posts it to /api/sms. */
export function incomingText(text: { from: string; to: string; body: string }, accountSid = TEST_ACCOUNT_SID): WebhookFields {
  const sid = `SM${randomBytes(16).toString("hex")}`;
  return {
    ToCountry: "US",
    ToState: "WA",
    SmsMessageSid: sid,
    NumMedia: "0",
    ToCity: "GRAHAM",
    FromZip: "98338",
    SmsSid: sid,
    FromState: "WA",
    SmsStatus: "received",
    FromCity: "GRAHAM",
    Body: text.body,
    FromCountry: "US",
    To: text.to,
    ToZip: "98338",
    NumSegments: "1",
    MessageSid: sid,
    AccountSid: accountSid,
    From: text.from,
    ApiVersion: "2010-04-01",
  };
}

/** Twilio's report on a text the site sent, as it posts it to the message's StatusCallback. */
export function deliveryReport(
  message: Pick<AcceptedMessage, "sid" | "to" | "from" | "messagingServiceSid">,
  status: "sent" | "delivered" | "undelivered" | "failed",
  errorCode?: number,
  accountSid = TEST_ACCOUNT_SID,
): WebhookFields {
  return {
    ApiVersion: "2010-04-01",
    AccountSid: accountSid,
    MessageSid: message.sid,
    SmsSid: message.sid,
    MessageStatus: status,
    SmsStatus: status,
    To: message.to,
    ...(message.from ? { From: message.from } : {}),
    ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
    ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
  };
}

/** X-Twilio-Signature for these fields posted to `url` (the address as Twilio's console holds it). */
export function twilioSignature(url: string, fields: WebhookFields, authToken = TEST_AUTH_TOKEN): string {
  return getExpectedTwilioSignature(authToken, url, fields);
}

/**
 * Posts the fields to `target` (where the test's server listens) signed for `signedUrl` (SITE_URL and
 * the path), as Twilio would; `signature` replaces the real one (null: no header at all).
 */
export async function postAsTwilio(
  target: string,
  signedUrl: string,
  fields: WebhookFields,
  { authToken = TEST_AUTH_TOKEN, signature }: { authToken?: string; signature?: string | null } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "TwilioProxy/1.1" };
  const header = signature === undefined ? twilioSignature(signedUrl, fields, authToken) : signature;
  if (header !== null) headers["X-Twilio-Signature"] = header;
  return fetch(target, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}
