import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { Rejection } from "../http/guards";
import { publicPost, refuse, type Runtime, storeUnavailable } from "../http/pipeline";
import { errorSummary } from "../log";
import { hashToken, isToken } from "../staff/auth";
import { VISITOR } from "../leads/types";
import type { IntroOperations } from "./types";
import { openTimesChanged } from "./timesPage";
import { serverNow } from "../process/settings";
import { zonedToday } from "../../time/today";

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
export async function introCancel(
  runtime: Runtime<IntroOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const post = await publicPost(runtime, req, res, {
    limit: "intro-cancel",
    what: "an intro-cancel request",
    tooMany: TOO_MANY,
    noindex: true,
  });
  if (!post) return;
  const reject = (rejection: Rejection) => refuse(res, rejection);
  const { body } = post;
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isToken(token)) return reject({ status: 400, error: CANCEL_ANSWERS["not-found"] });
  let result: keyof typeof CANCEL_ANSWERS;
  try {
    // The visitor cancelled: their lead comes up for a call today, to offer another time.
    result = await (await runtime.store()).cancelByToken(hashToken(token), now, { on: zonedToday(now).date, by: VISITOR });
  } catch (error) {
    console.error(`Could not cancel an intro by its link: ${errorSummary(error)}`);
    return reject(storeUnavailable(UNAVAILABLE));
  }
  if (result !== "cancelled") {
    return reject({ status: result === "not-found" ? 404 : result === "past" ? 410 : 409, error: CANCEL_ANSWERS[result] });
  }
  openTimesChanged();
  res.status(200).json({ message: CANCEL_ANSWERS.cancelled });
  runtime.kick();
}
