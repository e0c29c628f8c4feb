import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Limits } from "../store/limiter";
import { errorSummary } from "../log";

/** Counting requests against the process's limits (store/limiter.ts: which, and why they are counted in the store). */

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: "client" | "form" };

/** rate-limiter-flexible rejects with its result object (not an Error) when the points are used up. */
function msBeforeNext(rejection: unknown): number {
  const ms = rejection instanceof Error ? undefined : (rejection as { msBeforeNext?: unknown } | null)?.msBeforeNext;
  if (typeof ms !== "number") throw rejection;
  return ms;
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    return msBeforeNext(rejection);
  }
}

const refused = (ms: number, scope: "client" | "form"): LimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  scope,
});

/** Counts one request from a client, whatever it holds. A store error is thrown: the caller decides. */
export async function hitClientLimit(limits: Limits, form: string, clientKey: string): Promise<LimitResult> {
  const wait = await consume(limits.perClient, `${form}:${clientKey}`);
  return wait === null ? { allowed: true } : refused(wait, "client");
}

/** Counts one accepted submission against the form's ceiling. A store error is thrown. */
export async function hitFormCeiling(limits: Limits, form: string): Promise<LimitResult> {
  const wait = await consume(limits.perForm, form);
  return wait === null ? { allowed: true } : refused(wait, "form");
}

/** rate-limiter-flexible's rows of the last hour are kept; older ones are deleted by sweepOnce. */
const LIMIT_ROWS_KEPT_MS = 3_600_000;
export const LIMIT_SWEEP_INTERVAL_MS = 300_000;

/** Deletes expired counts once; a failure is one log line. Never throws. */
export async function sweepOnce(limits: Limits, log: (line: string) => void = console.error): Promise<void> {
  // One table holds every limiter's rows, so one limiter's sweep clears them all.
  await Promise.resolve()
    .then(() => limits.perClient.clearExpired(Date.now() - LIMIT_ROWS_KEPT_MS))
    .catch((error: unknown) => log(`Could not delete expired rate-limit counts; trying again later: ${errorSummary(error)}`));
}

/**
 * sweepOnce every few minutes. rate-limiter-flexible can do this itself, but its SQLite limiter stops
 * for good after one failed sweep (a locked file, say) and leaves an unhandled rejection; this one
 * logs the failure and sweeps again next time. Returns a function that stops it.
 */
export function sweepLimits(limits: Limits, intervalMs = LIMIT_SWEEP_INTERVAL_MS, log = console.error): () => void {
  const timer = setInterval(() => void sweepOnce(limits, log), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A free-intro booking takes its point before it is tried, in one atomic step in the store, so requests
 * sent together (PostgreSQL, several processes) cannot all pass a check made before any was counted.
 * False when the connection has used its bookings for the day. A store error is thrown.
 */
export async function takeBookingPoint(limits: Limits, clientKey: string): Promise<boolean> {
  return (await consume(limits.bookingsPerClient, clientKey)) === null;
}

/**
 * Gives a point back when the booking did not happen (the time was just taken, the address already
 * holds an intro, the store failed): a visitor who meets a 409 or fixes a typo loses nothing.
 * A store error is thrown.
 */
export async function returnBookingPoint(limits: Limits, clientKey: string): Promise<void> {
  await limits.bookingsPerClient.reward(clientKey, 1);
}
