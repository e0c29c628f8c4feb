import type { RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * A limiter counting in the store's rate_limits table. Both of rate-limiter-flexible's SQL limiters
 * have `clearExpired` (rows that expired before the given time, in ms); its types leave it out.
 */
export type StoreLimiter = RateLimiterAbstract & { clearExpired(expiredBeforeMs: number): Promise<unknown> };

export interface RateLimiterOptions {
  /** Keeps the counts of different limiters apart in the one table. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/** rate-limiter-flexible's settings shared by both databases: our migration creates the table. */
export const limiterSettings = ({ keyPrefix, points, durationSeconds }: RateLimiterOptions) => ({
  tableName: "rate_limits",
  tableCreated: true,
  // Swept by http/rateLimit.ts's sweepLimits instead: the library's SQLite timer stops after one failure.
  clearExpiredByTimeout: false,
  keyPrefix,
  points,
  duration: durationSeconds,
});

/**
 * Two limits per form, counted in the store (rate-limiter-flexible on the same SQLite file or
 * PostgreSQL database) so they hold across server processes and function instances, and so this
 * process keeps no per-visitor memory at all:
 * - per client: FORM_RATE_LIMIT_PER_MINUTE from one address (one /64 for IPv6);
 * - per form: FORM_CEILING_PER_MINUTE accepted submissions from everyone together, which keeps a
 *   flood from many addresses from filling the store and the staff's inbox. Only submissions that
 *   passed validation and the spam checks are counted, so junk cannot spend it for everyone, and a
 *   privacy request never meets it: the law gives the visitor that right.
 */
export interface Limits {
  perClient: StoreLimiter;
  perForm: RateLimiterAbstract;
  /** Free-intro bookings made from one connection (IPv6: per /56) in a day, INTRO_BOOKINGS_PER_CLIENT_PER_DAY (http/rateLimit.ts, takeBookingPoint). */
  bookingsPerClient: RateLimiterAbstract;
}
