import { confirmationMail } from "../intro/confirmationMail";
import { cancellationMail, reminderMail, rescheduleMail } from "../intro/mails";
import { staffMail } from "../forms/staffAlert";
import type { Delivery, MessageSettings } from "./delivery";
import { privacyConfirmMail } from "../privacy/confirmMail";
import { prepareSignIn, signInMail } from "../staff/signInMail";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage, OutboxKind } from "./types";
import { webhookDelivery } from "./webhook";
import { digestMail, leadReminderMail, replyMail } from "../leads/mails";
import { prepareDigest, prepareLeadReminder } from "../leads/nudges";
import type { SubmissionStore } from "../app/store";

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
  reply: withSubmission(replyMail),
  "lead-reminder": withSubmission(leadReminderMail),
  digest: digestMail,
};

/**
 * A kind's work in the store before it is written, for the kinds that have any: the message as it is
 * to be sent, or why it is not (it is then gone from the outbox).
 */
const PREPARERS: Partial<
  Record<
    OutboxKind,
    (store: SubmissionStore, message: ClaimedMessage, settings: MessageSettings) => Promise<ClaimedMessage | { dropped: string }>
  >
> = {
  "sign-in": prepareSignIn,
  "lead-reminder": prepareLeadReminder,
  digest: prepareDigest,
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
