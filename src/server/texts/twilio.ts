import type { Twilio as TwilioClient } from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { isE164 } from "../../texts/phone";
import { withinTextLimit } from "../../texts/segments";
import type { TwilioSettings } from "../config";
import type { OutgoingText, SendResult, TextSender } from "./types";

type Sdk = typeof import("twilio");

/** Twilio's address for the 2010-04-01 API; TWILIO_API_URL takes its place when set. */
export const TWILIO_API_ORIGIN = "https://api.twilio.com";
/** Where Twilio reports each text's delivery (SITE_URL's origin before it). */
export const STATUS_CALLBACK_PATH = "/api/sms-status";
/** A text is one small request; waiting longer only holds up the outbox's next message. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The address a request of the SDK goes to: Twilio's own, or the same path under TWILIO_API_URL (a
 * gateway, or the tests' validating mock). The path keeps everything after the host, so a gateway may
 * sit under a path of its own.
 */
export function apiTarget(uri: string, apiUrl: string | undefined): string {
  if (!apiUrl) return uri;
  const original = new URL(uri);
  return `${apiUrl}${original.pathname}${original.search}`;
}

/**
 * Sends texts with Twilio's SDK (the `twilio` package). The SDK is loaded on the first text, not when
 * this module is: it takes about half a second, which no form, nor a server without Twilio, should pay.
 * With TWILIO_API_URL, the SDK's supported hook for its HTTP (a RequestClient passed as `httpClient`,
 * Twilio's "custom HTTP client") sends each request there instead.
 */
export function createTwilioSender(settings: TwilioSettings, options: { siteOrigin: string; timeoutMs?: number }): TextSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let loaded: Promise<{ sdk: Sdk; client: TwilioClient }> | undefined;
  const load = () => {
    loaded ??= import("twilio").then((module) => {
      const sdk = ((module as { default?: Sdk }).default ?? module) as Sdk;
      const client = sdk(settings.accountSid, settings.authToken, {
        httpClient: requestClient(sdk, settings.apiUrl, timeoutMs),
        // TWILIO_LOG_LEVEL=debug in the environment would make the SDK print each request's address
        // and query, which can hold a phone number: the log stays at info whatever it says.
        logLevel: "info",
      });
      return { sdk, client };
    });
    return loaded;
  };
  const statusCallback = `${options.siteOrigin}${STATUS_CALLBACK_PATH}`;
  return {
    async send(text: OutgoingText): Promise<SendResult> {
      if (!isE164(text.to)) return { outcome: "refused", reason: "the number is not written as + and digits (E.164)", optedOut: false };
      if (text.body.trim() === "") return { outcome: "refused", reason: "the text is empty", optedOut: false };
      if (!withinTextLimit(text.body))
        return { outcome: "refused", reason: "the text is longer than Twilio's 1,600 characters", optedOut: false };
      const { sdk, client } = await load();
      try {
        const message = await client.messages.create({ to: text.to, body: text.body, statusCallback, ...settings.sender });
        if (!message.sid) return { outcome: "unknown", reason: "Twilio's answer named no message" };
        return { outcome: "accepted", sid: message.sid, status: message.status };
      } catch (error) {
        return outcomeOfError(error, sdk);
      }
    },
  };
}

function requestClient(sdk: Sdk, apiUrl: string | undefined, timeoutMs: number): RequestClient {
  // autoRetry stays off: the outbox retries, and a retry here could send a text twice.
  if (!apiUrl) return new sdk.RequestClient({ timeout: timeoutMs });
  class ApiUrlRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request({ ...opts, uri: apiTarget(opts.uri, apiUrl) });
    }
  }
  return new ApiUrlRequestClient({ timeout: timeoutMs });
}

/**
 * What Twilio's error codes mean for the gym, in words with no personal data: Twilio's own message
 * can quote the phone number, so it never reaches a log or the console.
 */
const REFUSALS: Record<number, string> = {
  20003: "Twilio refused TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN",
  21211: "Twilio says the number is not a valid phone number",
  21212: "Twilio says TWILIO_FROM is not a valid sender",
  21602: "Twilio says the text is empty",
  21603: "Twilio says the text has no sender (TWILIO_FROM)",
  21606: "Twilio says TWILIO_FROM is not a number of this account that can text",
  21408: "Twilio's account may not text this country",
  21610: "the person texted STOP to the gym's number, so Twilio sends them nothing",
  21612: "Twilio cannot text this number from TWILIO_FROM",
  21614: "Twilio says the number is not a mobile number",
  21617: "Twilio says the text is longer than 1,600 characters",
};

/** Connection errors that happen before a request is written: nothing reached Twilio. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL"]);
/** A certificate or TLS handshake that failed: the request was never written. */
const TLS_FAILURE = /^ERR_(TLS|SSL)_|CERT|VERIFY|SELF_SIGNED/;

export function outcomeOfError(error: unknown, sdk: Pick<Sdk, "RestException">): SendResult {
  if (error instanceof sdk.RestException) {
    const code = typeof error.code === "number" ? error.code : undefined;
    const twilioError = code === undefined ? `HTTP ${error.status}` : `error ${code}, HTTP ${error.status}`;
    // Too many requests, or trouble on Twilio's side: the text was not taken, and may be tried again.
    if (error.status === 429 || error.status >= 500)
      return { outcome: "unavailable", reason: `Twilio could not take the text now (${twilioError})` };
    return {
      outcome: "refused",
      httpStatus: error.status,
      code,
      reason: `${(code !== undefined && REFUSALS[code]) || "Twilio refused the text"} (${twilioError})`,
      optedOut: code === 21610,
    };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (NOT_SENT.has(code) || TLS_FAILURE.test(code)))
    return { outcome: "unavailable", reason: `Twilio could not be reached (${code})` };
  // A timeout or a connection cut after the request went: Twilio may have taken the text.
  return { outcome: "unknown", reason: `no answer from Twilio (${typeof code === "string" ? code : "connection ended"})` };
}
