import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { ServerConfig } from "../config";
import type { StoreBase } from "../store/dialect";
import type { Limits } from "../store/limiter";

/**
 * State shared by every request in one server process. `gatsby serve` loads a function's module
 * afresh for each request, so anything kept in module scope (the open database, the settings, the
 * retry timer) would be lost or duplicated every time; it lives on globalThis instead.
 */
export interface ProcessState {
  config?: ServerConfig;
  /** The process's store (app/runtime.ts opens it with every feature's queries; the floor knows its base). */
  store?: Promise<StoreBase>;
  limits?: Limits;
  outboxTimer?: ReturnType<typeof setInterval>;
  delivering?: Promise<unknown>;
  /** Mail was queued while a delivery run was under way: another run follows it, not the timer's. */
  deliverAgain?: boolean;
  /** Stops the sweep of expired rate-limit counts (http/rateLimit.ts). */
  stopSweep?: () => void;
  /** Sign-in links asked for, per connection, per address and connection, per address, per known device (staff/routes/signIn.ts). */
  signInLimits?: {
    perClient: RateLimiterAbstract;
    perAddressAndClient: RateLimiterAbstract;
    perAddress: RateLimiterAbstract;
    perDevice: RateLimiterAbstract;
  };
  /** Wrong sign-in codes, per address and per known device (staff/routes/signInCode.ts). */
  signInCodeLimits?: {
    perAddress: RateLimiterAbstract;
    perDevice: RateLimiterAbstract;
  };
  /** Each staff account's replies to leads, counted in the store: one limiter per open store (leads/replyLimit.ts). */
  replyLimits?: WeakMap<StoreBase, { account: RateLimiterAbstract; gym: RateLimiterAbstract }>;
  /** Each booking form's page for a visitor without JavaScript, by form, kept briefly (process/keptPage.ts). */
  keptPages?: Map<string, { version: number; until: number; page: Promise<string> }>;
  /** Counts, by form, the changes to what is open made in this process: a page made before one is not used. */
  keptPageVersions?: Map<string, number>;
  /** Each form's confirmation without a key's words, for the gym's day it was made on (forms/handler.ts). */
  sentPages?: { day: string; pages: Map<string, string> };
  /** Set on SIGTERM: the e-mail being sent is finished, no other is started. */
  stopping?: boolean;
}

const KEY = Symbol.for("crossfit-graham.form-server");

export function processState(): ProcessState {
  const holder = globalThis as typeof globalThis & { [KEY]?: ProcessState };
  holder[KEY] ??= {};
  return holder[KEY];
}
