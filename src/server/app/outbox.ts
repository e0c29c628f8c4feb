import { confirmationMail } from "../intro/confirmationMail";
import { cancellationMail, noShowOfferMail, reminderMail, rescheduleMail } from "../intro/mails";
import { prepareNoShowOffer } from "../intro/noShow";
import { orByText, prepareReminder } from "../intro/reminderTexts";
import { trialCancellationMail, trialConfirmationMail, trialReminderMail } from "../kids/mails";
import { prepareStaffAlert, staffAlertMail } from "../forms/staffAlert";
import type { Composer, Delivery, MessageKinds, MessageSettings } from "../outbox/delivery";
import type { Mailer } from "../outbox/mailer";
import { sendDue, type DeliveryReport, type OutboxSettings } from "../outbox/sender";
import { privacyConfirmMail } from "../privacy/confirmMail";
import { prepareSignIn, signInMail } from "../staff/signInMail";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage } from "../outbox/types";
import { webhookDelivery } from "../outbox/webhook";
import { digestMail, leadReminderMail, replyMail } from "../leads/mails";
import { prepareDigest, prepareLeadReminder } from "../leads/nudges";
import { instantAnswerMail } from "../leads/answerMail";
import { paymentAlertMail, preparePaymentAlert } from "../payments/alert";
import { prepareTextAlert, textAlertMail } from "../leads/textAlert";
import type { SubmissionStore } from "./store";

/** A message of a submission whose submission the claim found (claimDue skips the rest). */
function withSubmission(compose: (submission: StoredSubmission, message: ClaimedMessage, settings: MessageSettings) => Delivery): Composer {
  return (message, settings) => (message.submission ? compose(message.submission, message, settings) : { drop: "its submission is gone" });
}

/** THE table of message kinds: each kind's writer, in its feature, and the step some take in the store before. */
const MESSAGE_KINDS: MessageKinds<SubmissionStore> = {
  compose: {
    // A privacy request's alert is queued when its person confirms it: the message's own time is that moment.
    staff: withSubmission(staffAlertMail),
    confirmation: withSubmission((submission, message, s) => ({ mail: confirmationMail(submission, message.data, s, message.id) })),
    "sign-in": (message, s) => signInMail(message, s),
    cancellation: withSubmission(cancellationMail),
    reschedule: withSubmission(rescheduleMail),
    // By text where the visitor agreed (intro/reminderTexts.ts), the e-mail going instead when it cannot.
    reminder: orByText(withSubmission(reminderMail)),
    webhook: withSubmission(webhookDelivery),
    "privacy-confirm": withSubmission(privacyConfirmMail),
    reply: withSubmission(replyMail),
    "lead-reminder": withSubmission(leadReminderMail),
    digest: digestMail,
    "trial-confirmation": withSubmission(trialConfirmationMail),
    "trial-reminder": withSubmission(trialReminderMail),
    "trial-cancellation": withSubmission(trialCancellationMail),
    "instant-answer": withSubmission(instantAnswerMail),
    "no-show-offer": orByText(withSubmission(noShowOfferMail)),
    "payment-alert": paymentAlertMail,
    // Never claimed with the mail: a text goes by its own transport (outbox/sender.ts, texts/outbox.ts).
    text: () => ({ drop: "a text is not an e-mail" }),
    "text-alert": textAlertMail,
  },
  prepare: {
    staff: prepareStaffAlert,
    "sign-in": prepareSignIn,
    "lead-reminder": prepareLeadReminder,
    digest: prepareDigest,
    reminder: prepareReminder,
    "no-show-offer": prepareNoShowOffer,
    "payment-alert": preparePaymentAlert,
    "text-alert": prepareTextAlert,
  },
};

/** A message as its kind writes it (after its step in the store, if it has one). */
export function composeMessage(message: ClaimedMessage, settings: MessageSettings): Delivery {
  return MESSAGE_KINDS.compose[message.kind](message, settings);
}

/** Sends what is due in the site's outbox (outbox/sender.ts), each message written by its kind. */
export function deliverDue(
  store: SubmissionStore,
  mailer: Mailer | null,
  settings: OutboxSettings,
  now = new Date(),
  log: (line: string) => void = console.error,
): Promise<DeliveryReport> {
  return sendDue(MESSAGE_KINDS, store, mailer, settings, now, log);
}
