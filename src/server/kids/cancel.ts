import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { publicPost, refuse, type Runtime, storeUnavailable } from "../http/pipeline";
import { errorSummary } from "../log";
import { serverNow } from "../process/settings";
import { hashToken, isToken } from "../staff/auth";
import { seatsChanged } from "./form";
import type { TrialOperations } from "./types";

/** The parent's answers, one per outcome of their own cancel link. */
export const TRIAL_CANCEL_ANSWERS = {
  cancelled: "Your child's trial class is cancelled. We have e-mailed you to confirm, and the seat is open for another child.",
  "already-cancelled": "This trial class was already cancelled. There is nothing more to do.",
  past: "This class has already begun, so it can no longer be cancelled here. Please call us.",
  "not-found": "This link does not match any booking. Please use the link in the e-mail about it, or call us.",
} as const;

const TOO_MANY = "Too many tries from your connection. Please wait a minute and try again, or call us.";
const UNAVAILABLE = "We could not cancel just now. Please try again in a minute, or call us.";

/**
 * POST /api/kids-trial-cancel {token}: the parent's own cancel link (src/components/BookingCancel.tsx),
 * guarded as the forms are; the token is looked up by its hash and cancels only its own seat. The
 * answer's `error` or `message` is the sentence to show.
 */
export async function kidsTrialCancel(
  runtime: Runtime<TrialOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const post = await publicPost(runtime, req, res, {
    limit: "kids-trial-cancel",
    what: "a kids-trial-cancel request",
    tooMany: TOO_MANY,
    noindex: true,
  });
  if (!post) return;
  const { body } = post;
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isToken(token)) return refuse(res, { status: 400, error: TRIAL_CANCEL_ANSWERS["not-found"] });
  let result: keyof typeof TRIAL_CANCEL_ANSWERS;
  try {
    result = await (await runtime.store()).cancelTrialByToken(hashToken(token), now);
  } catch (error) {
    console.error(`Could not cancel a kids' trial seat by its link: ${errorSummary(error)}`);
    return refuse(res, storeUnavailable(UNAVAILABLE));
  }
  if (result !== "cancelled") {
    return refuse(res, { status: result === "not-found" ? 404 : result === "past" ? 410 : 409, error: TRIAL_CANCEL_ANSWERS[result] });
  }
  seatsChanged();
  res.status(200).json({ message: TRIAL_CANCEL_ANSWERS.cancelled });
  runtime.kick();
}
