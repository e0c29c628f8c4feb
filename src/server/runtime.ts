import { readConfig, type ServerConfig } from "./config";
import { smtpMailer } from "./mailer";
import { deliverDue } from "./outbox";
import { processState } from "./processState";
import { createRateLimiter, type RateLimiter } from "./rateLimit";
import { openStore } from "./store";
import type { SubmissionStore } from "./store/types";

export const OUTBOX_INTERVAL_MS = 30_000;

export function serverConfig(): ServerConfig {
  return readConfig();
}

/**
 * The process's store: opened (and migrated) on first use. If opening fails, the next request tries
 * again instead of the process staying broken.
 */
export function getStore(): Promise<SubmissionStore> {
  const state = processState();
  if (!state.store) {
    const opening = openStore(serverConfig());
    state.store = opening;
    opening.catch(() => {
      if (state.store === opening) state.store = undefined;
    });
  }
  return state.store;
}

export function rateLimiter(form: string, perMinute: number): RateLimiter {
  const { limiters } = processState();
  const key = `${form}:${perMinute}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = createRateLimiter(perMinute);
    limiters.set(key, limiter);
  }
  return limiter;
}

export function mailEnabled(config = serverConfig()): boolean {
  return Boolean(config.smtpUrl && config.staffEmail);
}

function domainOf(siteUrl: string | undefined): string {
  try {
    return siteUrl ? new URL(siteUrl).hostname : "crossfitgraham.com";
  } catch {
    return "crossfitgraham.com";
  }
}

/** Sends what is due now (without making the visitor wait) and keeps retrying every 30 s while the process runs. */
export function kickOutbox(): void {
  const config = serverConfig();
  const { smtpUrl, staffEmail, mailFrom } = config;
  if (!smtpUrl || !staffEmail) return;
  const state = processState();
  const run = () => {
    if (state.delivering) return;
    const mailer = smtpMailer(smtpUrl);
    state.delivering = getStore()
      .then((store) => deliverDue(store, mailer, { staffEmail, mailFrom, domain: domainOf(config.siteUrl) }))
      .catch((error: unknown) => console.error("Staff e-mail delivery failed; it will be retried", error))
      .finally(() => {
        state.delivering = undefined;
      });
  };
  run();
  if (!state.outboxTimer) {
    state.outboxTimer = setInterval(run, OUTBOX_INTERVAL_MS);
    state.outboxTimer.unref();
  }
}
