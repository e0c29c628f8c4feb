import { errorSummary } from "../log";
import type { Mailer } from "./mailer";
import type { Delivery, MessageKinds, MessageSettings, Texter } from "./delivery";
import { type ClaimedMessage, type OutboxData, type OutboxOperations } from "./types";
import { postWebhook } from "./webhook";
import { OUTBOX_KINDS, type OutboxKind } from "../store/schema";

/** Whether a kind goes to the gym's webhook rather than by e-mail (each is sent only when its transport is set). */
export const isWebhookKind = (kind: OutboxKind): boolean => kind === "webhook";
/** Whether a kind is a text message, sent through Twilio (texts/outbox.ts), not by e-mail. */
export const isTextKind = (kind: OutboxKind): boolean => kind === "text";

export interface OutboxSettings extends Omit<MessageSettings, "now"> {
  /** How long a claimed message stays locked while it is being sent. */
  lockMs?: number;
  maxAttempts?: number;
  /** How long a webhook receiver may take to answer; WEBHOOK_TIMEOUT_MS unless a test sets it shorter. */
  webhookTimeoutMs?: number;
  /** Twilio is set up (TWILIO_*): texts are sent through it; without, they wait (and none is queued). */
  texter?: Texter;
  /** Asked before each message: false ends the run (the server is stopping). */
  keepGoing?: () => boolean;
}

export const MAX_ATTEMPTS = 12;
export const DEFAULT_LOCK_MS = 120_000;
/**
 * Messages claimed per run at most: a run then ends within a bounded time, and a stopping server waits
 * for one batch at most. A run that took a whole batch without a failure says more may be due, and the
 * process runs again at once (app/runtime.ts); otherwise the next run is the next kick or the 30 s timer.
 */
export const BATCH = 20;
/**
 * Messages dropped per run at most (a sign-in request for an address that is not staff, a submission
 * since deleted): dropping sends nothing and takes a few milliseconds, so drops do not count toward
 * BATCH, or a stranger's requests could fill every run while a staff member's link waits and expires.
 */
export const MAX_DROPS = 500;

/** 30 s, 1 min, 2 min, ... capped at one hour: about a day of retries before a message is marked failed. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

const LABELS: Record<OutboxKind, string> = {
  staff: "Staff e-mail",
  confirmation: "Confirmation e-mail",
  "sign-in": "Sign-in e-mail",
  cancellation: "Cancellation e-mail",
  reschedule: "New-time e-mail",
  reminder: "Intro reminder",
  webhook: "Webhook delivery",
  "privacy-confirm": "Privacy request's confirmation link",
  reply: "Reply e-mail",
  "lead-reminder": "New-lead reminder",
  digest: "Morning digest",
  "trial-confirmation": "Kids' trial confirmation e-mail",
  "trial-reminder": "Kids' trial reminder e-mail",
  "trial-cancellation": "Kids' trial cancellation e-mail",
  "instant-answer": "Instant answer e-mail",
  "no-show-offer": "New-time offer after a missed intro",
  "payment-alert": "Unmatched payment alert",
  text: "Text message",
  "text-alert": "Staff alert of a text",
};

/** A message in a log line: what it is and whose submission, never an address or a token. */
function describe(message: ClaimedMessage): string {
  const about = message.submission ? `for ${message.submission.form} ${message.submission.id}` : `(outbox ${message.id})`;
  return `${LABELS[message.kind]} ${about}`;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  gaveUp: number;
  /** The run stopped at BATCH messages sent or MAX_DROPS dropped, none failing: more may be due now. */
  more: boolean;
}

/**
 * A message that goes by text where it can (an intro's reminder): the text it names handed to the
 * texter, which reads the number's consent and the calling hours again. Sent, failed (to be tried
 * again, or not: `final`), due later, or to go by e-mail instead (`instead` says why): the texter
 * did not hand it to Twilio (consent ended since), or Twilio refused it.
 */
async function textFirst(
  delivery: { text: number },
  message: ClaimedMessage,
  texter: Texter | undefined,
  at: Date,
): Promise<{ sent: true } | { failed: string; final: boolean } | { wait: Date } | { instead: string }> {
  if (!texter) return { instead: "texting is not set up" };
  const outcome = await texter({ ...message, data: { textId: delivery.text } }, at);
  if ("dropped" in outcome) return { instead: outcome.dropped };
  if ("failed" in outcome && outcome.refused) return { instead: outcome.failed };
  return outcome;
}

/**
 * What a message that went by text keeps once sent, never a token: the text's id, and what its e-mail
 * would need if Twilio reports the text undelivered (which reminder; an offer's morning).
 */
function textKept(textId: number, message: ClaimedMessage): OutboxData {
  const { reminder, day } = message.data ?? {};
  return { textId, ...(reminder && { reminder }), ...(day && { day }) };
}

/** Sends one message by its transport: null when it was taken, else why not (one line, no personal data). */
async function send(
  delivery: Exclude<Delivery, { drop: string } | { text: number }>,
  mailer: Mailer | null,
  webhookTimeoutMs?: number,
): Promise<string | null> {
  if ("webhook" in delivery) return postWebhook(delivery.webhook, webhookTimeoutMs);
  // Unreachable: mail is only claimed when there is a mailer.
  if (!mailer) throw new Error("No mail server is set");
  await mailer.send(delivery.mail);
  return null;
}

/**
 * Sends every due message whose transport is set: e-mail (to staff, and to visitors) with a `mailer`,
 * the gym's webhook with `settings.webhook`; the others wait in the outbox. A message is marked sent
 * only after the SMTP server or the webhook's receiver (any 2xx) took it; a failure is one log line
 * (form, reference, attempt and the error, no addresses, no URL) and a retry with backoff, and after
 * MAX_ATTEMPTS the message stays in the outbox as failed, where `npm run submissions -- outbox` shows it.
 * Each message is prepared and written by its kind's entry in `kinds` (the site's: app/outbox.ts).
 */
export async function sendDue<Store extends OutboxOperations>(
  kinds: MessageKinds<Store>,
  store: Store,
  mailer: Mailer | null,
  settings: OutboxSettings,
  now = new Date(),
  log: (line: string) => void = console.error,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, gaveUp: 0, more: false };
  const maxAttempts = settings.maxAttempts ?? MAX_ATTEMPTS;
  const sendable = OUTBOX_KINDS.filter((kind) =>
    isWebhookKind(kind) ? settings.webhook !== undefined : isTextKind(kind) ? settings.texter !== undefined : mailer !== null,
  );
  if (sendable.length === 0) return report;
  // The run's clock: `now`, moving on as the run takes time (the server's clock may be set: process/settings.ts).
  const startedMs = Date.now();
  const clock = () => new Date(now.getTime() + Math.max(0, Date.now() - startedMs));
  // One message claimed at a time: each lock then only has to outlast one SMTP exchange or webhook
  // POST, whose timeouts (mailer.ts, webhook.ts) are shorter than the lock, so a slow server cannot make another process
  // take the same message while it is still being sent.
  let taken = 0;
  let dropped = 0;
  while (taken < BATCH && dropped < MAX_DROPS && (settings.keepGoing?.() ?? true)) {
    // Each claim locks from the moment it is taken, not from the start of the run.
    const claimedAt = taken + dropped === 0 ? now : clock();
    const [message] = await store.claimDue(claimedAt, 1, settings.lockMs ?? DEFAULT_LOCK_MS, sendable);
    if (!message) break;
    const what = describe(message);
    let failure: string | null;
    if (isTextKind(message.kind) && settings.texter) {
      const outcome = await settings.texter(message, claimedAt).catch((error: unknown) => ({ failed: errorSummary(error), final: false }));
      if ("wait" in outcome) {
        await store.postpone(message.id, outcome.wait);
        dropped += 1;
        continue;
      }
      if ("dropped" in outcome) {
        log(`${what} not sent: ${outcome.dropped}`);
        await store.markSent(message.id, clock());
        dropped += 1;
        continue;
      }
      taken += 1;
      if ("sent" in outcome) {
        await store.markSent(message.id, clock());
        report.sent += 1;
        continue;
      }
      const attempt = message.attempts + 1;
      const retryAt = outcome.final || attempt >= maxAttempts ? null : new Date(now.getTime() + retryDelayMs(attempt));
      log(`${what} failed (attempt ${attempt} of ${maxAttempts}${retryAt ? "" : ", not tried again"}): ${outcome.failed}`);
      await store.markFailed(message.id, outcome.failed, retryAt);
      if (retryAt) report.failed += 1;
      else report.gaveUp += 1;
      continue;
    }
    let final = false;
    // A message that went by text in its place keeps the text's id (OutboxData.textId).
    let keep: OutboxData | undefined;
    try {
      const written = { ...settings, texting: settings.texter !== undefined, now: claimedAt };
      const prepared = (await kinds.prepare[message.kind]?.(store, message, written)) ?? message;
      if ("wait" in prepared) {
        await store.postpone(message.id, prepared.wait);
        dropped += 1;
        continue;
      }
      let delivery: Delivery = "dropped" in prepared ? { drop: prepared.dropped } : kinds.compose[message.kind](prepared, written);
      failure = null;
      if ("text" in delivery && !("dropped" in prepared)) {
        const texted = await textFirst(delivery, prepared, settings.texter, claimedAt);
        if ("wait" in texted) {
          await store.postpone(message.id, texted.wait);
          dropped += 1;
          continue;
        }
        if ("instead" in texted) {
          log(`${what}: its text was not sent (${texted.instead}), so it goes by e-mail`);
          delivery = { mail: delivery.orMail };
        } else if ("failed" in texted) {
          failure = texted.failed;
          final = texted.final;
        }
      }
      if ("drop" in delivery) {
        log(`${what} not sent: ${delivery.drop}`);
        await store.markSent(message.id, clock());
        dropped += 1;
        continue;
      }
      if ("text" in delivery) keep = textKept(delivery.text, message);
      else failure = await send(delivery, mailer, settings.webhookTimeoutMs);
    } catch (error) {
      failure = errorSummary(error);
    }
    taken += 1;
    if (failure !== null) {
      const attempt = message.attempts + 1;
      const retryAt = final || attempt >= maxAttempts ? null : new Date(now.getTime() + retryDelayMs(attempt));
      log(`${what} failed (attempt ${attempt} of ${maxAttempts}${retryAt ? "" : final ? ", not tried again" : ", giving up"}): ${failure}`);
      await store.markFailed(message.id, failure, retryAt);
      if (retryAt) report.failed += 1;
      else report.gaveUp += 1;
      continue;
    }
    // Delivery is at least once: if the store cannot record the send, the claim's lock runs out and the
    // message goes again, with the same Message-ID (which mail apps show once) or delivery ID.
    try {
      await store.markSent(message.id, clock(), keep);
    } catch (error) {
      log(`${what} was sent but could not be marked sent; it may be sent again: ${errorSummary(error)}`);
      report.sent += 1;
      break;
    }
    report.sent += 1;
  }
  // A failure means the transport is in trouble: what is left waits for its retry time, not a new run now.
  report.more = (taken === BATCH || dropped === MAX_DROPS) && report.failed + report.gaveUp === 0;
  return report;
}
