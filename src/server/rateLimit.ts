import type { RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Two limits per form, counted in the store (rate-limiter-flexible on the same SQLite file or
 * PostgreSQL database) so they hold across server processes and function instances, and so this
 * process keeps no per-visitor memory at all:
 * - per client: FORM_RATE_LIMIT_PER_MINUTE from one address (one /64 for IPv6);
 * - per form: FORM_CEILING_PER_MINUTE from everyone together, which keeps a flood from many
 *   addresses from filling the store and the staff's inbox.
 */
export interface Limits {
  perClient: RateLimiterAbstract;
  perForm: RateLimiterAbstract;
  /** Free-intro bookings made from one address in a day, INTRO_BOOKINGS_PER_CLIENT_PER_DAY (see bookingAllowed). */
  bookingsPerClient: RateLimiterAbstract;
}

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

/** Counts one request. A store error is thrown: the caller decides what an unknown count means. */
export async function hitLimits(limits: Limits, form: string, clientKey: string): Promise<LimitResult> {
  const client = await consume(limits.perClient, `${form}:${clientKey}`);
  if (client !== null) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(client / 1000)), scope: "client" };
  const everyone = await consume(limits.perForm, form);
  if (everyone !== null) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(everyone / 1000)), scope: "form" };
  return { allowed: true };
}

/**
 * Bookings are counted when they are made, not when they are tried, so a visitor who meets a 409 or
 * fixes a typo loses nothing: asked before storing, counted after. A store error is thrown.
 */
export async function bookingAllowed(limits: Limits, clientKey: string): Promise<boolean> {
  const used = await limits.bookingsPerClient.get(clientKey);
  return !used || used.consumedPoints < limits.bookingsPerClient.points;
}

export async function countBooking(limits: Limits, clientKey: string): Promise<void> {
  await limits.bookingsPerClient.penalty(clientKey, 1);
}
