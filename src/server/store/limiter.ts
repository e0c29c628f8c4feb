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
