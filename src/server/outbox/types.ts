import type { VisitSource } from "../../forms/visitSource";
import type { StoredSubmission } from "../store/submission";
import type { LeadStatus } from "../../desk/leads";
import type { OutboxKind, OutboxStatus } from "../store/schema";

/**
 * Claimed before anything queued earlier: a sign-in link works for 15 minutes, so a staff member waiting
 * at the sign-in page is not kept behind a backlog of alerts (or a stranger's requests) until it expires.
 */
export const URGENT_KINDS: readonly OutboxKind[] = ["sign-in"];

/**
 * What a message needs beyond its submission, kept until it is sent: a sign-in link's address and
 * token, a visitor's cancel token, a webhook's event. Cleared when sent, so no token outlives its mail.
 */
export interface OutboxData {
  /**
   * sign-in: the staff address and the link's token (its hash is in sign_in_links). privacy-confirm: the
   * token of the link that confirms the request (its hash is in request_confirmations), and when it stops working.
   */
  to?: string;
  /** staff-alert: the staff accounts it goes to unseen by each other (forms/staffAlert.ts), found as it goes, like `to`. */
  bcc?: string;
  token?: string;
  expiresAt?: string;
  /**
   * sign-in: the SHA-256 of the asking browser's request cookie (its row in sign_in_requests), the
   * console page to go on to, and the code the sender made with the link.
   */
  request?: string;
  next?: string;
  code?: string;
  /** confirmation, reschedule, reminder: the token of the visitor's own cancel link. */
  cancelToken?: string;
  /**
   * reminder: which of an intro's reminders (intro/types.ts INTRO_REMINDERS); none in a row queued
   * before there were two, which was the day-before one.
   */
  reminder?: "day-before" | "hours-before";
  /** reschedule and cancellation: the appointment's SEQUENCE in the visitor's calendar. */
  sequence?: number;
  /**
   * confirmation: sent because this address asked for another intro (at `askedStart`, ISO) while it
   * holds this one; it tells the booking held and a new cancel link (the earlier mails' links stop working).
   */
  alreadyBooked?: { askedStart: string };
  /** webhook: what happened, and the ID the receiver de-duplicates by. */
  event?: "lead.created" | "lead.status";
  status?: LeadStatus;
  deliveryId?: string;
  /**
   * reply: the mail as staff wrote it; digest: as written when it goes. `to` of a staff alert,
   * lead-reminder or digest (the staff, the owners) is found as it goes; rows queued by older versions
   * list them.
   */
  subject?: string;
  text?: string;
  /** instant-answer: when the gym will answer, worked out as the form came in ("today before 7:00 PM"); its `text` is the words as they stood. */
  when?: string;
  /**
   * text: its row in `texts` (texts/textStore.ts), which holds the number and the words. A reminder or
   * an offer that went by text keeps it once sent (with its `reminder`), so Twilio's later report that
   * the text never arrived finds the message it stood for.
   */
  textId?: number;
  /**
   * reminder, no-show-offer: queued again because the text that went in its place never arrived
   * (Twilio reported it undelivered or failed): the text's id. It goes by e-mail.
   */
  textUndelivered?: number;
  /** digest: the gym day it is of, YYYY-MM-DD; no-show-offer: the day whose morning it goes in. */
  day?: string;
  /**
   * webhook, lead.created: where the visit came from; null when unknown (sent without JavaScript). A
   * staff alert's is read as it goes, beside its `to`.
   */
  source?: VisitSource | null;
}

export interface OutboxMessage {
  id: number;
  /** Null only for a sign-in link. */
  submissionId: string | null;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  data: OutboxData | null;
}

export interface ClaimedMessage extends OutboxMessage {
  /** Undefined only for a sign-in link. */
  submission?: StoredSubmission;
}

/** The messages waiting to go, and their senders' steps (outbox/store.ts). */
export interface OutboxOperations {
  /**
   * Locks up to `limit` due messages for `lockMs`, so two senders never take the same one. Only the
   * given kinds when `kinds` is set: a sender without SMTP leaves the mail waiting and takes the webhooks.
   */
  claimDue(now: Date, limit: number, lockMs: number, kinds?: readonly OutboxKind[]): Promise<ClaimedMessage[]>;
  /** `keep`: what of its data stays (a reminder that went by text: its text's id); else nothing does. */
  markSent(messageId: number, at: Date, keep?: OutboxData): Promise<void>;
  /** Records a failed attempt; `retryAt` null gives up (the message stays visible as failed). */
  markFailed(messageId: number, error: string, retryAt: Date | null): Promise<void>;
  /** Lets a claimed message wait until `until` without counting an attempt (a text outside the calling hours). */
  postpone(messageId: number, until: Date): Promise<void>;
  outbox(statuses?: readonly OutboxStatus[]): Promise<OutboxMessage[]>;
  /** Puts failed messages back in the queue (staff use it after fixing the mail settings). */
  retryFailed(now: Date): Promise<number>;
  /**
   * Sends one unsent message at the next delivery: a failed one is queued again, a pending one waiting
   * out its backoff is due now. False when no unsent message has that id (sent, or deleted).
   */
  retryMessage(messageId: number, now: Date): Promise<boolean>;
}
