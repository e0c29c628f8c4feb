import { FORM_REGISTRY } from "../../forms/registry";
import { leadPath } from "../../desk/paths";
import { site } from "../content";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage } from "../outbox/types";
import { personOf } from "../forms/fields";
import { fromTheGym } from "../outbox/visitorMail";
import { whenLabel } from "../../time/labels";

/**
 * A staff member's reply to a lead, as they wrote it on the lead page: to the address the visitor gave,
 * from the gym by name at MAIL_FROM's address (fromTheGym), with replies going to the gym's own address,
 * not the staff member's: the conversation stays in the inbox the desk reads, whoever is on shift, and
 * no coach's own address goes to whoever typed one into a form. Their message is not quoted back (the
 * address was only typed, never confirmed): the mail holds what staff wrote, which at most greets them
 * by the first name they gave ({name}).
 */
export function replyMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const { subject, text } = message.data ?? {};
  const { email } = personOf(submission.payload);
  if (!subject || !text) return { drop: "its text is no longer held" };
  if (!email) return { drop: "the lead gave no e-mail address" };
  return {
    mail: {
      to: email,
      from: fromTheGym(s.mailFrom),
      replyTo: site.email,
      subject,
      text: `${text}\n\n-- \n${site.name}\n${s.siteUrl}\n`,
      messageId: `<${submission.id}.reply.${message.id}@${s.domain}>`,
    },
  };
}

/**
 * One reminder to every staff account that a lead is still New well into opening hours, to the staff
 * found as it goes (prepareLeadReminder in leads/nudges.ts).
 */
export function leadReminderMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const to = message.data?.to;
  if (!to) return { drop: "it has no staff to go to" };
  const { name, phone } = personOf(submission.payload);
  const form = FORM_REGISTRY[submission.form].staffTitle;
  return {
    mail: {
      to,
      from: s.mailFrom,
      subject: `Still new: ${form}${name ? ` from ${name}` : ""} [${submission.id}]`,
      text: [
        `This ${form.toLowerCase()} came in ${whenLabel(submission.createdAt.toISOString())} and nobody has answered it yet.`,
        "A lead answered within the hour is far likelier to become a member.",
        "",
        ...(phone ? [`Phone: ${phone}`, ""] : []),
        `Open it: ${s.siteUrl}${leadPath(submission.id)}`,
        "",
      ].join("\n"),
      messageId: `<${submission.id}.lead-reminder@${s.domain}>`,
    },
  };
}

/** The owners' morning digest, as written when it goes out (prepareDigest in leads/nudges.ts). */
export function digestMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, subject, text } = message.data ?? {};
  if (!to || !subject || !text) return { drop: "its text is no longer held" };
  return { mail: { to, from: s.mailFrom, subject, text, messageId: `<digest.${message.id}@${s.domain}>` } };
}
