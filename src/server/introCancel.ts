import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { API_HEADERS } from "../headers";
import { clientAddress, rateLimitKey, requestScheme, type RequestLike } from "./clientAddress";
import { checkContentType, checkMethod, checkOrigin, type Rejection } from "./guards";
import { STORE_RETRY_AFTER_SECONDS } from "./handler";
import { errorSummary } from "./log";
import { hitClientLimit } from "./rateLimit";
import { getLimits, getStore, kickOutbox, serverConfig, serverNow } from "./runtime";
import { hashToken, isToken } from "./staff/auth";

/** The visitor's answers, one per outcome of their own cancel link. */
export const CANCEL_ANSWERS = {
  cancelled: "Your free intro is cancelled. We have e-mailed you to confirm, and the time is open for someone else.",
  "already-cancelled": "This free intro was already cancelled. There is nothing more to do.",
  past: "This free intro has already begun, so it can no longer be cancelled here. Please call us.",
  "not-found":
    "This link does not match any booking. If your intro was moved to a new time, use the link in the newest e-mail about it, or call us.",
} as const;

const TOO_MANY = "Too many tries from your connection. Please wait a minute and try again, or call us.";
const UNAVAILABLE = "We could not cancel just now. Please try again in a minute, or call us.";

/**
 * POST /api/intro-cancel {token}: the visitor's own cancel link (src/components/IntroCancel.tsx). Guarded as
 * the forms are (method, Origin, per-connection rate limit, JSON); the token is looked up by its hash
 * and cancels only the booking it was minted for. The answer's `error` or `message` is the sentence to show.
 */
export async function introCancel(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, now = serverNow()): Promise<void> {
  for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
  res.setHeader("X-Robots-Tag", "noindex");
  const reject = ({ status, error, headers }: Rejection) => {
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json({ error });
  };
  const config = serverConfig();
  const request = req as GatsbyFunctionRequest & RequestLike;
  const early = checkMethod(req.method) ?? checkOrigin(req.headers, config.siteUrl, requestScheme(request, config.trustProxy));
  if (early) return reject(early);
  try {
    const limited = await hitClientLimit(await getLimits(), "intro-cancel", rateLimitKey(clientAddress(request, config.trustProxy)));
    if (!limited.allowed) return reject({ status: 429, error: TOO_MANY, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  } catch (error) {
    // As for the forms: a store that cannot count will fail the cancel the same way just below.
    console.error(`Could not count an intro-cancel request against the rate limit: ${errorSummary(error)}`);
  }
  const type = checkContentType(req.headers);
  if (type) return reject(type);
  const body: unknown = req.body;
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isToken(token)) return reject({ status: 400, error: CANCEL_ANSWERS["not-found"] });
  let result: keyof typeof CANCEL_ANSWERS;
  try {
    result = await (await getStore()).cancelByToken(hashToken(token), now);
  } catch (error) {
    console.error(`Could not cancel an intro by its link: ${errorSummary(error)}`);
    return reject({ status: 503, error: UNAVAILABLE, headers: { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) } });
  }
  if (result !== "cancelled") {
    return reject({ status: result === "not-found" ? 404 : result === "past" ? 410 : 409, error: CANCEL_ANSWERS[result] });
  }
  res.status(200).json({ message: CANCEL_ANSWERS.cancelled });
  kickOutbox();
}
