import { formatPhone, placeLine } from "../../content/contact";
import { kidsTrialCancelPath } from "../../schedule/trialCancelPath";
import { buildAppointment } from "../../schedule/ics";
import { pathTo } from "../../routes";
import { site, visit } from "../content";
import type { Delivery, Mail, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { visitorMail } from "../outbox/visitorMail";
import type { StoredSubmission } from "../store/submission";
import { classLabel } from "./classes";

/**
 * The parent's mails about a kids' trial seat: the confirmation, the reminder the day before, and the
 * cancellation. Each is written from the submission's payload (the class and the child as booked), says
 * the class first in plain words, then where, which door, what to bring, and how to cancel.
 */

const CLASS_NAME = "free CrossFit Kids trial class";

/** What every mail about a seat says of it, from the payload the form stored. */
export function trialFacts(submission: StoredSubmission) {
  const p = submission.payload as { start: string; end: string; coach?: string; childName: string; childAge: number; email: string };
  return {
    email: p.email,
    start: new Date(p.start),
    end: new Date(p.end),
    when: classLabel(p.start),
    minutes: Math.round((Date.parse(p.end) - Date.parse(p.start)) / 60_000),
    coach: p.coach,
    child: `${p.childName} (age ${p.childAge})`,
    childName: p.childName,
    where: placeLine(site),
    phone: formatPhone(site.phone)
      .replace(/\u00a0/g, " ")
      .replace(/\u2011/g, "-"),
  };
}

/** The class as an .ics attachment; its UID is the reference's, so the cancellation removes the same event. */
function trialCalendar(
  submission: StoredSubmission,
  s: Pick<MessageSettings, "domain" | "now">,
  method: "publish" | "cancel",
): NonNullable<Mail["attachments"]>[number] {
  const facts = trialFacts(submission);
  return {
    filename: method === "cancel" ? "kids-trial-cancelled.ics" : "kids-trial.ics",
    content: buildAppointment({
      reference: submission.id,
      uidDomain: s.domain,
      start: facts.start,
      end: facts.end,
      summary: `${facts.childName}'s free kids class at ${site.name}`,
      description: `${facts.coach ? `With Coach ${facts.coach}. ` : ""}${visit.kidsBring} ${visit.door} To cancel, call ${facts.phone}. Reference ${submission.id}.`,
      location: facts.where,
      url: `${site.url}/`,
      now: s.now,
      sequence: method === "cancel" ? 1 : 0,
      method,
      organizer: { name: site.name, email: site.email },
    }),
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
  };
}

/**
 * The body of the confirmation and the reminder after their first sentence: the class, the child, where
 * and what to bring, the parent's own cancel link (or how to reach the gym without one), the reference.
 */
function seatLines(submission: StoredSubmission, s: Pick<MessageSettings, "siteUrl">, cancelToken: string | undefined): string[] {
  const facts = trialFacts(submission);
  return [
    `When: ${facts.when} (${facts.minutes} minutes)`,
    ...(facts.coach ? [`Coach: ${facts.coach}`] : []),
    `Child: ${facts.child}`,
    `Where: ${facts.where}`,
    `Which door: ${visit.door}`,
    `Parking: ${visit.parking}`,
    `What to bring: ${visit.kidsBring}`,
    "",
    ...(cancelToken
      ? ["If your child cannot come, cancel here, so another child can have the seat:", `${s.siteUrl}${kidsTrialCancelPath(cancelToken)}`]
      : [`To cancel, reply to this e-mail or call ${facts.phone}.`]),
    `Your reference: ${submission.id}`,
    "",
  ];
}

export function trialConfirmationMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = trialFacts(submission);
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `Booked: ${facts.childName}'s ${CLASS_NAME}, ${facts.when}`,
      lines: [
        // The child's first name and age are the booking itself: the mails say them, and greet nobody by name.
        `You're booked: ${facts.childName}'s ${CLASS_NAME} at ${site.name}, ${facts.when}.`,
        "",
        ...seatLines(submission, s, message.data?.cancelToken),
        "The class is attached as a calendar file (kids-trial.ics). We will remind you the day before.",
        "",
      ],
      messageId: `<${submission.id}.trial-confirmation@${s.domain}>`,
      attachments: [trialCalendar(submission, s, "publish")],
    }),
  };
}

export function trialReminderMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = trialFacts(submission);
  // A reminder held back (mail was down) past the class's start could only confuse.
  if (s.now.getTime() >= facts.start.getTime()) return { drop: "the class has begun" };
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `Tomorrow: ${facts.childName}'s ${CLASS_NAME}, ${facts.when}`,
      lines: [
        `A reminder of ${facts.childName}'s ${CLASS_NAME} at ${site.name}: ${facts.when}.`,
        "",
        ...seatLines(submission, s, message.data?.cancelToken),
      ],
      messageId: `<${submission.id}.trial-reminder.${message.id}@${s.domain}>`,
    }),
  };
}

export function trialCancellationMail(submission: StoredSubmission, _message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = trialFacts(submission);
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `Cancelled: ${facts.childName}'s ${CLASS_NAME}, ${facts.when}`,
      lines: [
        `${facts.childName}'s ${CLASS_NAME} at ${site.name} on ${facts.when} is cancelled, and the seat is open for another child.`,
        "",
        `To book another class, visit ${s.siteUrl}${pathTo("kidsTrial")} or call ${facts.phone}.`,
        `Your reference: ${submission.id}`,
        "",
        "The attached calendar file (kids-trial-cancelled.ics) removes the class from your calendar.",
        "",
      ],
      messageId: `<${submission.id}.trial-cancellation@${s.domain}>`,
      attachments: [trialCalendar(submission, s, "cancel")],
    }),
  };
}
