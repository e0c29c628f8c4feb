import type { LeadWebhook } from "../config";
import { confirmationMail } from "../intro/confirmationMail";
import { cancellationMail, reminderMail, rescheduleMail } from "../intro/mails";
import type { Mail } from "./mailer";
import { staffMail } from "./mailer";
import { privacyConfirmMail } from "../privacy/confirmMail";
import { prepareSignIn, signInMail } from "../staff/signInMail";
import type { SubmissionStore } from "../store/types";
import type { StoredSubmission } from "../forms/submission";
import type { ClaimedMessage, OutboxKind } from "./types";
import { webhookDelivery, type WebhookRequest } from "./webhook";

/** What every message is written with: where mail comes from and where the site's links point. */
export interface MessageSettings {
  staffEmail: string;
  mailFrom: string;
  /** The domain in Message-IDs and appointment UIDs. */
  domain: string;
  /** The site's origin for links in messages (SITE_URL, else content/site.json's url), no trailing slash. */
  siteUrl: string;
  /** LEAD_WEBHOOK_URL and its secret, when set: webhook messages are only sent then. */
  webhook?: LeadWebhook;
  /** STAFF_OWNER_EMAIL: on a fresh install, the address whose sign-in request makes the first owner. */
  ownerEmail?: string;
  now: Date;
}

/**
 * How a message goes out: an e-mail, a POST to the gym's webhook, or nothing when there is nothing left
 * worth sending (`drop` says why).
 */
export type Delivery = { mail: Mail } | { webhook: WebhookRequest } | { drop: string };

/** Whether a kind goes to the gym's webhook rather than by e-mail (each is sent only when its transport is set). */
export const isWebhookKind = (kind: OutboxKind): boolean => kind === "webhook";

type Composer = (message: ClaimedMessage, settings: MessageSettings) => Delivery;

/** A message of a submission whose submission the claim found (claimDue skips the rest). */
function withSubmission(compose: (submission: StoredSubmission, message: ClaimedMessage, settings: MessageSettings) => Delivery): Composer {
  return (message, settings) => (message.submission ? compose(message.submission, message, settings) : { drop: "its submission is gone" });
}

/** THE table of message kinds: each kind's writer. */
const COMPOSERS: Record<OutboxKind, Composer> = {
  // A privacy request's alert is queued when its person confirms it: the message's own time is that moment.
  staff: withSubmission((submission, message, s) => ({
    mail: staffMail(submission, s.staffEmail, s.mailFrom, s.domain, s.siteUrl, message.createdAt),
  })),
  confirmation: withSubmission((submission, message, s) => ({ mail: confirmationMail(submission, message.data, s, message.id) })),
  "sign-in": (message, s) => signInMail(message, s),
  cancellation: withSubmission(cancellationMail),
  reschedule: withSubmission(rescheduleMail),
  reminder: withSubmission(reminderMail),
  webhook: withSubmission(webhookDelivery),
  "privacy-confirm": withSubmission(privacyConfirmMail),
};

/**
 * A kind's work in the store before it is written, for the kinds that have any: the message as it is
 * to be sent, or why it is not (it is then gone from the outbox).
 */
const PREPARERS: Partial<Record<OutboxKind, typeof prepareSignIn>> = {
  "sign-in": prepareSignIn,
};

export function prepareMessage(
  store: SubmissionStore,
  message: ClaimedMessage,
  settings: MessageSettings,
): Promise<ClaimedMessage | { dropped: string }> {
  return PREPARERS[message.kind]?.(store, message, settings) ?? Promise.resolve(message);
}

export function composeMessage(message: ClaimedMessage, settings: MessageSettings): Delivery {
  return COMPOSERS[message.kind](message, settings);
}
