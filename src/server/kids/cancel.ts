import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { CANCEL_STATUS, type CancelOutcome, tokenLinkPost } from "../forms/tokenLink";
import type { Runtime } from "../http/pipeline";
import { serverNow } from "../process/settings";
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
 * a mailed link's POST (forms/tokenLink.ts): the token cancels only its own seat.
 */
export async function kidsTrialCancel(
  runtime: Runtime<TrialOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const result = await tokenLinkPost(runtime, req, res, {
    limit: "kids-trial-cancel",
    what: "a kids-trial-cancel request",
    tooMany: TOO_MANY,
    work: "cancel a kids' trial seat",
    unavailable: UNAVAILABLE,
    unknown: "not-found",
    use: (store, tokenHash) => store.cancelTrialByToken(tokenHash, now),
    answer: (outcome: CancelOutcome) => ({ status: CANCEL_STATUS[outcome], sentence: TRIAL_CANCEL_ANSWERS[outcome] }),
  });
  if (result !== "cancelled") return;
  seatsChanged();
  runtime.kick();
}
