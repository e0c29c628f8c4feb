import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { CANCEL_STATUS, type CancelOutcome, tokenLinkPost } from "../forms/tokenLink";
import type { Runtime } from "../http/pipeline";
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
 * POST /api/intro-cancel {token}: the visitor's own cancel link (src/components/IntroCancel.tsx), a
 * mailed link's POST (forms/tokenLink.ts): the token cancels only the booking it was minted for.
 */
export async function introCancel(
  runtime: Runtime<IntroOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const result = await tokenLinkPost(runtime, req, res, {
    limit: "intro-cancel",
    what: "an intro-cancel request",
    tooMany: TOO_MANY,
    work: "cancel an intro",
    unavailable: UNAVAILABLE,
    unknown: "not-found",
    // The visitor cancelled: their lead comes up for a call today, to offer another time.
    use: (store, tokenHash) => store.cancelByToken(tokenHash, now, { on: zonedToday(now).date, by: VISITOR }),
    answer: (outcome: CancelOutcome) => ({ status: CANCEL_STATUS[outcome], sentence: CANCEL_ANSWERS[outcome] }),
  });
  if (result !== "cancelled") return;
  openTimesChanged();
  runtime.kick();
}
