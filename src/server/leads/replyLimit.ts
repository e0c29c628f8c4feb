import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { timeLabel } from "../../intro/display";
import { REPLIES_PER_HOUR } from "../../staff/limits";
import { site } from "../content";
import { errorSummary } from "../log";
import { processState } from "../processState";
import { hashToken } from "../staff/auth";
import { StaffError } from "../staff/guard";
import type { SubmissionStore } from "../store/types";

/**
 * The count of each staff account's replies, in the store's rate_limits table (rate-limiter-flexible),
 * so several servers on one database share it. One limiter per store the process has open.
 */
function replyLimiter(store: SubmissionStore): RateLimiterAbstract {
  const state = processState();
  state.replyLimits ??= new WeakMap();
  let limiter = state.replyLimits.get(store);
  if (!limiter) {
    limiter = store.rateLimiter({ keyPrefix: "reply", points: REPLIES_PER_HOUR, durationSeconds: 3_600 });
    state.replyLimits.set(store, limiter);
  }
  return limiter;
}

/** An account as the count knows it: its address's hash, as the sign-in limits keep theirs. */
const accountKey = (email: string) => hashToken(email.toLowerCase()).slice(0, 32);

/**
 * Counts one reply of this staff account before it is queued, in one atomic step in the store, so
 * replies sent together cannot all pass. Past the limit it throws the 429: when the account may send
 * again, in the gym's time (rounded up to the minute, so the time said is never too early), and
 * Retry-After. A store that cannot count lets the reply through: queueing it meets the same store.
 */
export async function takeReplyPoint(store: SubmissionStore, email: string, now: Date): Promise<void> {
  try {
    await replyLimiter(store).consume(accountKey(email));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      console.error(`Could not count a reply against its limit: ${errorSummary(rejection)}`);
      return;
    }
    const again = new Date(Math.ceil((now.getTime() + rejection.msBeforeNext) / 60_000) * 60_000);
    throw new StaffError(
      429,
      `You have sent ${REPLIES_PER_HOUR} replies in the last hour, the most one account may send. ` +
        `You can send again at ${timeLabel(again.toISOString(), site.timeZone)}.`,
      { "Retry-After": String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))) },
    );
  }
}

/** Gives the point back when nothing was queued (the lead was deleted meanwhile, the store failed). Never throws. */
export async function returnReplyPoint(store: SubmissionStore, email: string): Promise<void> {
  await replyLimiter(store)
    .reward(accountKey(email), 1)
    .catch((error: unknown) => console.error(`Could not give back a reply's count: ${errorSummary(error)}`));
}
