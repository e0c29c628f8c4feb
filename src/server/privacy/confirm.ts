import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { formatLongDate } from "../../content/dates";
import { CONFIRM_LINK_DAYS } from "../../forms/privacyRequest/rules";
import { requestDueDate } from "../content";
import type { Rejection } from "../http/guards";
import { publicPost, refuse, type Runtime, storeUnavailable } from "../http/pipeline";
import { errorSummary } from "../log";
import { hashToken, isToken } from "../staff/auth";
import type { ConfirmOutcome, RequestOperations } from "./types";
import { mailEnabled, serverNow } from "../process/settings";
import { zonedToday } from "../../time/today";

const answerBy = (confirmedAt: Date) => formatLongDate(requestDueDate(confirmedAt));

/** The visitor's answers, one per outcome of their link: each says what happens next, or what to do. */
export function confirmAnswer(outcome: ConfirmOutcome): string {
  switch (outcome.state) {
    case "confirmed":
      return `Your request ${outcome.reference} is confirmed. We will answer by e-mail by ${answerBy(outcome.confirmedAt)} at the latest.`;
    case "already-confirmed":
      return (
        `This request (${outcome.reference}) was already confirmed on ${formatLongDate(zonedToday(outcome.confirmedAt).date)}. ` +
        `We will answer by e-mail by ${answerBy(outcome.confirmedAt)} at the latest; there is nothing more to do.`
      );
    case "expired":
      return `This link has expired: it worked for ${CONFIRM_LINK_DAYS} days. To go on, send your request again.`;
    case "unknown":
      return "This link does not match any request. Use the link in the newest e-mail about your request, or send your request again.";
  }
}

const STATUS: Record<ConfirmOutcome["state"], number> = { confirmed: 200, "already-confirmed": 200, expired: 410, unknown: 404 };
const TOO_MANY = "Too many tries from your connection. Please wait a minute and try again.";
const UNAVAILABLE = "We could not confirm your request just now. Please try again in a minute.";

/**
 * POST /api/privacy-confirm {token}: the link mailed to the address a privacy request names
 * (src/components/PrivacyConfirm.tsx). Guarded as the forms are (method, Origin, per-connection rate
 * limit, JSON, 16 KB); the token is looked up by its hash and confirms only its own request, once, before
 * it expires. The answer's `state` is the outcome; its `message` (200) or `error` is the sentence to show.
 */
export async function privacyConfirm(
  runtime: Runtime<RequestOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const post = await publicPost(runtime, req, res, {
    limit: "privacy-confirm",
    what: "a privacy-confirm request",
    tooMany: TOO_MANY,
    noindex: true,
  });
  if (!post) return;
  const { config, body } = post;
  const reject = (rejection: Rejection, state?: ConfirmOutcome["state"]) => refuse(res, rejection, state ? { state } : {});
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isToken(token)) return reject({ status: 400, error: confirmAnswer({ state: "unknown" }) }, "unknown");
  let outcome: ConfirmOutcome;
  try {
    outcome = await (await runtime.store()).confirmRequest(hashToken(token), now, { notify: mailEnabled(config) });
  } catch (error) {
    console.error(`Could not confirm a privacy request by its link: ${errorSummary(error)}`);
    return reject(storeUnavailable(UNAVAILABLE));
  }
  const sentence = confirmAnswer(outcome);
  if (STATUS[outcome.state] !== 200) return reject({ status: STATUS[outcome.state], error: sentence }, outcome.state);
  res.status(200).json({ state: outcome.state, message: sentence });
  if (outcome.state === "confirmed") runtime.kick();
}
