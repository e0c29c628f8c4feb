import { privacy } from "../content";
import { errorSummary } from "../log";
import { smtpMailer } from "../outbox/mailer";
import { processState } from "../process/state";
import { sweepLimits } from "../http/rateLimit";
import { purgeExpired, purgeSummary } from "../privacy/retention";
import { queueNudges } from "../leads/nudges";
import { openStore, type SubmissionStore } from "./store";
import type { Runtime } from "../http/pipeline";
import { mailEnabled, serverConfig, serverNow, siteDomain, siteOrigin } from "../process/settings";
import { deliverDue } from "./outbox";
import type { Limits } from "../store/limiter";
import type { TwilioSettings } from "../config";
import { createTwilioSender } from "../texts/twilio";
import { textTexter } from "../texts/outbox";
import type { TextSender } from "../texts/types";
import { GYM_ZONE } from "../../time/zone";

export const OUTBOX_INTERVAL_MS = 30_000;

let texting: { settings: TwilioSettings; siteOrigin: string; sender: TextSender } | undefined;

/** The process's Twilio sender, made once for its settings (the SDK loads on its first text). */
function textSender(settings: TwilioSettings, origin: string): TextSender {
  if (texting?.settings !== settings || texting.siteOrigin !== origin) {
    texting = { settings, siteOrigin: origin, sender: createTwilioSender(settings, { siteOrigin: origin }) };
  }
  return texting.sender;
}
/** The first purge waits until start-up is over; the next ones follow daily. */
export const PURGE_DELAY_MS = 60_000;
export const PURGE_INTERVAL_MS = 86_400_000;

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
  // Only this function opens it (a test may put one there), always with every feature's queries: the
  // floor's processState knows the store by its base alone.
  return state.store as Promise<SubmissionStore>;
}

/** The per-client and per-form limiters, counting in the store (see http/rateLimit.ts). */
export async function getLimits(): Promise<Limits> {
  const state = processState();
  const store = await getStore();
  if (!state.limits) {
    const { rateLimitPerMinute, formCeilingPerMinute, bookingsPerClientPerDay } = serverConfig();
    state.limits = {
      perClient: store.rateLimiter({ keyPrefix: "client", points: rateLimitPerMinute, durationSeconds: 60 }),
      perForm: store.rateLimiter({ keyPrefix: "form", points: formCeilingPerMinute, durationSeconds: 60 }),
      bookingsPerClient: store.rateLimiter({ keyPrefix: "bookings", points: bookingsPerClientPerDay, durationSeconds: 86_400 }),
    };
    state.stopSweep = sweepLimits(state.limits);
  }
  return state.limits;
}

/**
 * Sends what is due now and keeps retrying every 30 s while the process runs; a kick during a run
 * starts another once it ends. E-mail goes when SMTP_URL and STAFF_EMAIL are set, webhooks when
 * LEAD_WEBHOOK_URL is; what has no transport waits. Called after the visitor has their answer; it never
 * throws, so nothing here can turn a stored submission into an error. A run takes one batch
 * (outbox/sender.ts); with `wholeBacklog`, a run that took a whole batch is followed by another at once.
 * With `until` (a time in ms), no message is started after it.
 */
export function kickOutbox({
  timer = true,
  wholeBacklog = true,
  until,
}: { timer?: boolean; wholeBacklog?: boolean; until?: number } = {}): void {
  try {
    const config = serverConfig();
    const { smtpUrl, staffEmail, mailFrom, smtpProblem, leadWebhook, twilio } = config;
    const mail = mailEnabled(config);
    if (!mail && !leadWebhook && !twilio) return;
    const state = processState();
    const run = () => {
      if (state.stopping) return;
      // The run under way may already have looked for due mail: it runs again once done.
      if (state.delivering) {
        state.deliverAgain = true;
        return;
      }
      state.deliverAgain = false;
      if (mail && smtpProblem) console.error(`Staff e-mail not sent: ${smtpProblem}. It waits in the outbox.`);
      const mailer = mail && smtpUrl && !smtpProblem ? smtpMailer(smtpUrl) : null;
      if (!mailer && !leadWebhook && !twilio) return;
      state.delivering = getStore()
        .then(async (store) => {
          const sender = twilio && textSender(twilio, siteOrigin(config.siteUrl));
          // Reminders and the digest are e-mail: queued only when there is a mailer, then sent in this same pass.
          if (mailer) {
            await queueNudges(store, serverNow(), {
              reminderMinutes: config.leadReminderMinutes,
              digest: config.morningDigest,
              staffEmail,
              siteUrl: siteOrigin(config.siteUrl),
            }).catch((error: unknown) =>
              console.error(`Lead reminders could not be queued; tried again next pass: ${errorSummary(error)}`),
            );
          }
          return deliverDue(
            store,
            mailer,
            {
              // Without a mailer no e-mail is claimed, so no message is written to this empty address.
              staffEmail: staffEmail ?? "",
              mailFrom,
              domain: siteDomain(config.siteUrl),
              siteUrl: siteOrigin(config.siteUrl),
              webhook: leadWebhook,
              texter: sender && textTexter(store, sender, GYM_ZONE),
              ownerEmail: config.ownerEmail,
              keepGoing: () => !state.stopping && (until === undefined || Date.now() < until),
            },
            serverNow(),
          );
        })
        .then((report) => {
          // A whole batch went: the rest of a backlog (after an outage, a busy hour) goes now, not 30 s later.
          if (report.more && wholeBacklog && (until === undefined || Date.now() < until)) state.deliverAgain = true;
        })
        .catch((error: unknown) => console.error(`Outbox delivery failed; it will be retried: ${errorSummary(error)}`))
        .finally(() => {
          state.delivering = undefined;
          if (state.deliverAgain) run();
        });
    };
    run();
    if (timer && !state.outboxTimer) {
      state.outboxTimer = setInterval(run, OUTBOX_INTERVAL_MS);
      state.outboxTimer.unref();
    }
  } catch (error) {
    console.error(`Outbox delivery could not start: ${errorSummary(error)}`);
  }
}

/** Deletes what is past its retention (content/privacy.json) now. A failure is one log line; never throws. */
export async function purgeNow(): Promise<void> {
  await Promise.resolve()
    .then(getStore)
    .then((store) => purgeExpired(store, privacy, serverNow()))
    .then((report) => {
      const summary = purgeSummary(report);
      if (summary) console.log(`Retention purge: ${summary} deleted`);
    })
    .catch((error: unknown) => console.error(`Retention purge failed; it runs again at its next time: ${errorSummary(error)}`));
}

/**
 * Runs purgeNow a minute after start-up, then every 24 hours, for as long as the production server
 * runs (host/main.ts). Neither timer keeps the process alive. Returns a function that stops it.
 */
export function startDailyPurge(): () => void {
  let daily: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    void purgeNow();
    daily = setInterval(() => void purgeNow(), PURGE_INTERVAL_MS);
    daily.unref();
  }, PURGE_DELAY_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}

/** What every endpoint is given: this process's store, its limits and its outbox (http/pipeline.ts). */
export const runtime: Runtime<SubmissionStore> = { store: getStore, limits: getLimits, kick: () => kickOutbox() };

/**
 * How long a scheduled call may start new messages: Netlify stops a scheduled function after 30 s, and
 * the one message under way may take its SMTP timeouts (outbox/mailer.ts) to finish.
 */
export const DELIVER_NOW_BUDGET_MS = 15_000;

/**
 * Sends what is due now and waits until it is done: for a host that may freeze the process once the
 * answer is out (Netlify's scheduled function, netlify/functions/outbox.mts). Batch after batch, while
 * the budget lasts; what is left goes at its next call. Never throws.
 */
export async function deliverNow(budgetMs = DELIVER_NOW_BUDGET_MS): Promise<void> {
  kickOutbox({ timer: false, until: Date.now() + budgetMs });
  const state = processState();
  while (state.delivering) await state.delivering;
}

/**
 * For a graceful stop: no new e-mail is started and the timers stop at once; the one being sent is
 * finished (the SMTP timeouts in outbox/mailer.ts bound it); once `requestsDone` too, the store closes. Mail
 * still due waits in the outbox for the next start. Never throws.
 */
export async function stopBackgroundWork(requestsDone: Promise<void>): Promise<void> {
  const state = processState();
  state.stopping = true;
  clearInterval(state.outboxTimer);
  state.outboxTimer = undefined;
  state.stopSweep?.();
  await requestsDone;
  while (state.delivering) await state.delivering;
  const store = state.store;
  state.store = undefined;
  state.limits = undefined;
  state.signInLimits = undefined;
  state.replyLimits = undefined;
  await store?.then((open) => open.close()).catch((error: unknown) => console.error(`Closing the store failed: ${errorSummary(error)}`));
}
