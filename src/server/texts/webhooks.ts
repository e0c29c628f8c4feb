import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { isE164 } from "../../texts/phone";
import { site } from "../content";
import { errorSummary } from "../log";
import { apiHeaders, refuse, type Runtime } from "../http/pipeline";
import { mailEnabled, serverConfig, serverNow, siteOrigin } from "../process/settings";
import type { ServerConfig, TwilioSettings } from "../config";
import type { TextInboxOperations } from "./inbound";
import { SIGNATURE_HEADER, signedByTwilio, type TwilioParams } from "./signature";
import type { TextOperations } from "./textStore";

/** Twilio's answer to "a message comes in" that sends nothing back itself: the site's answers go through the outbox. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The statuses Twilio reports for a text it took (its Message resource's `status`); anything else is not stored. */
const DELIVERY_STATUSES = new Set([
  "queued",
  "accepted",
  "scheduled",
  "sending",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "read",
  "canceled",
]);

/** The posted fields as Twilio signed them; a body that is not a flat form gives none (and no valid signature). */
function paramsOf(body: unknown): TwilioParams {
  const params: TwilioParams = Object.create(null) as TwilioParams;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return params;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string") params[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) params[name] = value as string[];
  }
  return params;
}

const field = (params: TwilioParams, name: string): string | undefined => {
  const value = params[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * The front of both webhooks: POST only; no Twilio settings, no webhook (the site behaves as it did
 * before texting); then X-Twilio-Signature, checked with the SDK's validateRequest against SITE_URL's
 * origin and the path the request named. Anything unsigned or wrongly signed is 403, and nothing of it
 * is read further or kept. The signed fields, or null when the answer was sent.
 */
function signedPost(
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): { params: TwilioParams; twilio: TwilioSettings; config: ServerConfig } | null {
  const config = serverConfig();
  if (req.method !== "POST") {
    apiHeaders(res);
    refuse(res, { status: 405, error: "Use POST.", headers: { Allow: "POST" } });
    return null;
  }
  if (!config.twilio) {
    apiHeaders(res);
    refuse(res, { status: 404, error: "There is nothing at this address." });
    return null;
  }
  const params = paramsOf(req.body);
  const target = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "";
  const signed = signedByTwilio({
    authToken: config.twilio.authToken,
    siteOrigin: siteOrigin(config.siteUrl),
    target,
    params,
    signature: req.headers[SIGNATURE_HEADER],
  });
  if (!signed) {
    apiHeaders(res);
    refuse(res, { status: 403, error: "This request is not signed by the gym's Twilio account." });
    return null;
  }
  return { params, twilio: config.twilio, config };
}

/**
 * POST /api/sms: a person's text to the gym's number (texts/inbound.ts takes it), answered with empty
 * TwiML; the gym's answers to STOP, START and HELP go through the outbox, sent at once, and so does the
 * staff's alert of any other text when mail is set up.
 */
export async function smsWebhook(
  runtime: Runtime<TextInboxOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const signed = signedPost(req, res);
  if (!signed) return;
  const phone = field(signed.params, "From") ?? "";
  const sid = field(signed.params, "MessageSid") ?? field(signed.params, "SmsSid") ?? "";
  // A sender that is no phone number (a channel address such as whatsapp:...) is not a text the gym takes.
  if (isE164(phone) && /^(SM|MM)[0-9a-fA-F]{32}$/.test(sid)) {
    try {
      const store = await runtime.store();
      const received = await store.receiveText({ phone, sid, body: field(signed.params, "Body") ?? "" }, site, now, {
        alert: mailEnabled(signed.config),
      });
      if (!received.duplicate && (received.replied || received.keyword === null)) runtime.kick();
    } catch (error) {
      console.error(`An incoming text could not be stored; Twilio may post it again: ${errorSummary(error)}`);
      apiHeaders(res);
      refuse(res, { status: 503, error: "The text could not be stored just now." });
      return;
    }
  }
  res.setHeader("Content-Type", "text/xml; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.status(200).send(EMPTY_TWIML);
}

/**
 * POST /api/sms-status: Twilio's report on a text the site sent (the StatusCallback each text names):
 * the text's status by its sid. A sid the site does not know is answered 200 and nothing is stored. A
 * reminder's or an offer's text that never arrived sends them by e-mail instead.
 */
export async function smsStatusWebhook(
  runtime: Runtime<TextOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const signed = signedPost(req, res);
  if (!signed) return;
  const sid = field(signed.params, "MessageSid") ?? field(signed.params, "SmsSid") ?? "";
  const status = field(signed.params, "MessageStatus") ?? field(signed.params, "SmsStatus") ?? "";
  const errorCode = field(signed.params, "ErrorCode");
  if (sid && DELIVERY_STATUSES.has(status)) {
    try {
      const store = await runtime.store();
      const outcome = await store.reportStatus(
        sid,
        status,
        errorCode && /^\d{1,6}$/.test(errorCode) ? `Twilio error ${errorCode}` : null,
        now,
      );
      // A reminder whose text never arrived goes by e-mail now, not at the outbox's next round.
      if (outcome === "mail-instead") runtime.kick();
    } catch (error) {
      console.error(`A delivery report could not be stored; Twilio may post it again: ${errorSummary(error)}`);
      apiHeaders(res);
      refuse(res, { status: 503, error: "The report could not be stored just now." });
      return;
    }
  }
  res.setHeader("Cache-Control", "no-store");
  res.status(200).send("");
}
