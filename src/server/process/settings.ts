import { readConfig, type ServerConfig } from "../config";
import { site } from "../content";
import { processState } from "./state";

/**
 * The settings, read once per process. A wrong setting is logged here, one line each, when the
 * process first needs them (the production server asks at start-up), and never fails a request.
 */
export function serverConfig(): ServerConfig {
  const state = processState();
  if (!state.config) {
    state.config = readConfig();
    for (const problem of state.config.problems) console.error(`Setting ignored: ${problem}`);
  }
  return state.config;
}

/**
 * Now, as the server sees it: the machine's clock, set only on the tests' own servers (TEST_SERVER_TIME,
 * config.ts). The server's every "now" (today's date for the forms, open intro times, sessions and
 * links, the outbox's retries, the retention purge) comes from here, so they all agree.
 */
export function serverNow(): Date {
  return new Date(Date.now() + serverConfig().clockOffsetMs);
}

/** Submissions queue a staff e-mail whenever both are set, even while SMTP_URL is wrong: the mail waits. */
export function mailEnabled(config = serverConfig()): boolean {
  return Boolean(config.smtpUrl && config.staffEmail);
}

/** New leads and status changes queue a webhook whenever LEAD_WEBHOOK_URL and its secret are usable. */
export function webhookEnabled(config = serverConfig()): boolean {
  return config.leadWebhook !== undefined;
}

/** The domain in Message-IDs and appointment UIDs: SITE_URL's host, else that of content/site.json's url. */
export function siteDomain(siteUrl: string | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).hostname;
    } catch {
      // A malformed SITE_URL: the content's address is still the gym's own.
    }
  }
  return new URL(site.url).hostname;
}

/** The origin links in messages point at: SITE_URL's, else that of content/site.json's url. */
export function siteOrigin(siteUrl: string | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // A malformed SITE_URL (already logged as a problem): the content's address is still the gym's own.
    }
  }
  return new URL(site.url).origin;
}
