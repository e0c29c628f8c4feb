import type { LeadWebhook } from "../config";
import type { ClaimedMessage } from "./types";
import type { OutboxKind } from "../store/schema";

/**
 * What the outbox sends and what each message is written with. Only types: every feature that writes a
 * message (intro, privacy, staff sign-in, the forms' staff alert, the webhook) imports them, and the
 * table of kinds (app/outbox.ts) imports those writers; nothing here imports a feature.
 */

/** An e-mail ready to send. */
export interface Mail {
  to: string;
  /** Recipients no other recipient sees: staff on a mail whose replies go to a visitor. */
  bcc?: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Stable per message, so a message that is ever delivered twice is shown once by mail apps. */
  messageId: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

/** One POST to the gym's webhook, ready to send. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

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
  /** Twilio is set up (the outbox has a texter): an intro's reminders may go by text (intro/reminderTexts.ts). */
  texting?: boolean;
  now: Date;
}

/**
 * How a message goes out: an e-mail, a POST to the gym's webhook, a text already written in `texts`
 * (its id; handed to the texter, and `orMail` goes instead when the text cannot, as an intro's reminder
 * to a number that texted STOP), or nothing when there is nothing left worth sending (`drop` says why).
 */
export type Delivery = { mail: Mail } | { webhook: WebhookRequest } | { text: number; orMail: Mail } | { drop: string };

/** Writes one kind of message from its claimed row (its submission, its data), as it goes out. */
export type Composer = (message: ClaimedMessage, settings: MessageSettings) => Delivery;

/**
 * A kind's work in the store before it is written, for the kinds that have any: the message as it is to
 * be sent, why it is not (it is then gone from the outbox), or when it is to be looked at again (`wait`:
 * a text outside the calling hours; no attempt is counted).
 */
export type Preparer<Store> = (
  store: Store,
  message: ClaimedMessage,
  settings: MessageSettings,
) => Promise<ClaimedMessage | { dropped: string } | { wait: Date }>;

/**
 * What became of a text the outbox handed to its texter (texts/outbox.ts): sent (Twilio took it); not
 * sent, and nothing left to do (`dropped` says why: no consent, consent ended); failed, to be tried
 * again or (`final`) never again, as a text Twilio may already have taken must not go twice (`refused`:
 * Twilio certainly did not send it); or due later (`wait`: an automated text outside the calling hours).
 */
export type TextOutcome = { sent: true } | { dropped: string } | { failed: string; final: boolean; refused?: true } | { wait: Date };

/** Sends the text a claimed message of kind `text` names, at `now`. */
export type Texter = (message: ClaimedMessage, now: Date) => Promise<TextOutcome>;

/** The table of message kinds the sender works from (app/outbox.ts): each kind's writer, and its step before. */
export interface MessageKinds<Store> {
  compose: Record<OutboxKind, Composer>;
  prepare: Partial<Record<OutboxKind, Preparer<Store>>>;
}
