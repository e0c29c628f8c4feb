import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { GYM_REPLIES_PER_HOUR, REPLIES_PER_HOUR } from "../../desk/limits";
import { errorSummary } from "../log";
import { processState } from "../process/state";
import { hashToken } from "../staff/auth";
import { StaffError } from "../staff/guard";
import type { StoreBase } from "../store/dialect";
import { timeLabel } from "../../time/labels";

/**
 * The count of each staff account's replies, and of the gym's together, in the store's rate_limits table
 * (rate-limiter-flexible), so several servers on one database share them. One pair per open store.
 */
function replyLimiters(store: StoreBase): { account: RateLimiterAbstract; gym: RateLimiterAbstract } {
  const state = processState();
  state.replyLimits ??= new WeakMap();
  let limiters = state.replyLimits.get(store);
  if (!limiters) {
    limiters = {
      account: store.rateLimiter({ keyPrefix: "reply", points: REPLIES_PER_HOUR, durationSeconds: 3_600 }),
      gym: store.rateLimiter({ keyPrefix: "reply-gym", points: GYM_REPLIES_PER_HOUR, durationSeconds: 3_600 }),
    };
    state.replyLimits.set(store, limiters);
  }
  return limiters;
}

const GYM_KEY = "all";

/** An account as the count knows it: its address's hash, as the sign-in limits keep theirs. */
const accountKey = (email: string) => hashToken(email.toLowerCase()).slice(0, 32);

/** The 429 for a limit spent: when a reply may go again, in the gym's time (rounded up to the minute, so never too early). */
function spent(rejection: RateLimiterRes, now: Date, what: string): StaffError {
  const again = new Date(Math.ceil((now.getTime() + rejection.msBeforeNext) / 60_000) * 60_000);
  return new StaffError(429, `${what} You can send again at ${timeLabel(again.toISOString())}.`, {
    "Retry-After": String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))),
  });
}

/**
 * Counts one reply of this staff account, and one of the gym's, before it is queued, each in one atomic
 * step in the store, so replies sent together cannot all pass. Past either limit it throws the 429 that
 * says which and when, with Retry-After; the account's point is given back if the gym's limit refused.
 * A store that cannot count lets the reply through: queueing it meets the same store.
 */
export async function takeReplyPoint(store: StoreBase, email: string, now: Date): Promise<void> {
  const limiters = replyLimiters(store);
  const key = accountKey(email);
  try {
    await limiters.account.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes)
      throw spent(rejection, now, `You have sent ${REPLIES_PER_HOUR} replies and texts in the last hour, the most one account may send.`);
    console.error(`Could not count a reply against its limit: ${errorSummary(rejection)}`);
    return;
  }
  try {
    await limiters.gym.consume(GYM_KEY);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      console.error(`Could not count a reply against the gym's limit: ${errorSummary(rejection)}`);
      return;
    }
    await limiters.account
      .reward(key, 1)
      .catch((error: unknown) => console.error(`Could not give back a reply's count: ${errorSummary(error)}`));
    throw spent(
      rejection,
      now,
      `The gym's accounts have sent ${GYM_REPLIES_PER_HOUR} replies and texts in the last hour, the most all staff together may send.`,
    );
  }
}

/** Gives the points back when nothing was queued (the lead was deleted meanwhile, the store failed). Never throws. */
export async function returnReplyPoint(store: StoreBase, email: string): Promise<void> {
  const limiters = replyLimiters(store);
  await Promise.all([limiters.account.reward(accountKey(email), 1), limiters.gym.reward(GYM_KEY, 1)]).catch((error: unknown) =>
    console.error(`Could not give back a reply's count: ${errorSummary(error)}`),
  );
}
