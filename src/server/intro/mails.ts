import { bookedLine } from "../../forms/intro/sent";
import { pathTo } from "../../routes";
import { arrival, intro, site } from "../content";
import { changeLines, factLines, introCalendar, introFacts } from "./confirmationMail";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import { visitorMail } from "../outbox/visitorMail";
import { INTRO_REMINDERS } from "./types";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage } from "../outbox/types";

/**
 * The mails that follow a free intro's confirmation: a new time, a cancellation, the reminders the day
 * before and two hours before, and the offer of a new time the morning after a missed intro: their
 * words are all here. Each is written from the booking's payload as it is when the mail goes
 * (intro/store.ts rewrites the payload on a new time), so a mail never shows a time the booking no
 * longer has.
 */

const introName = () => intro.name.toLowerCase();

export function rescheduleMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = introFacts(submission);
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `New time for your ${introName()} at ${site.name}: ${facts.when}`,
      lines: [
        `Your ${introName()} at ${site.name} has a new time.`,
        "",
        `When: ${facts.when} (${facts.minutes} minutes)`,
        `Coach: ${facts.coach}`,
        `Where: ${facts.where}`,
        "",
        ...changeLines(s, message.data, facts.phone),
        `Your reference: ${submission.id}`,
        "",
        "The attached calendar file (free-intro.ics) moves the appointment in your calendar.",
        "",
      ],
      // One per change: the outbox row's id, since a booking may be moved more than once.
      messageId: `<${submission.id}.reschedule.${message.id}@${s.domain}>`,
      attachments: [introCalendar(submission, s, { sequence: message.data?.sequence ?? 1 })],
    }),
  };
}

export function cancellationMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = introFacts(submission);
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `Cancelled: your ${introName()} at ${site.name} on ${facts.when}`,
      lines: [
        `Your ${introName()} at ${site.name} on ${facts.when} is cancelled.`,
        "",
        `To book another time, visit ${s.siteUrl}/intro/ or call ${facts.phone}.`,
        `Your reference: ${submission.id}`,
        "",
        "The attached calendar file (free-intro-cancelled.ics) removes the appointment from your calendar.",
        "",
      ],
      messageId: `<${submission.id}.cancellation@${s.domain}>`,
      attachments: [introCalendar(submission, s, { sequence: message.data?.sequence ?? 1, method: "cancel" })],
    }),
  };
}

/** Why a reminder (by e-mail or text) is no longer worth sending at `now`, or undefined while it is. */
export function reminderStale(message: Pick<ClaimedMessage, "data">, start: Date, now: Date): string | undefined {
  // A reminder held back (mail was down) past the intro's start could only confuse.
  if (now.getTime() >= start.getTime()) return "the intro has begun";
  // Held back into the last hours, the day-before one would come with the one two hours before.
  if (message.data?.reminder !== "hours-before" && now.getTime() >= start.getTime() - INTRO_REMINDERS["hours-before"].beforeMs) {
    return "the reminder two hours before goes instead";
  }
  return undefined;
}

/**
 * An intro's reminder, the day before or two hours before (its data's `reminder`; a row queued before
 * there were two is the day-before one).
 */
export function reminderMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = introFacts(submission);
  const hoursBefore = message.data?.reminder === "hours-before";
  const stale = reminderStale(message, facts.start, s.now);
  if (stale) return { drop: stale };
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: hoursBefore
        ? `Starting soon: your ${introName()} at ${site.name}, ${facts.when}`
        : `Reminder: your ${introName()} at ${site.name}, ${facts.when}`,
      lines: [
        hoursBefore
          ? `Your ${introName()} at ${site.name} is coming up soon: ${bookedLine(facts.booked)}.`
          : `A reminder of your ${introName()} at ${site.name}: ${bookedLine(facts.booked)}.`,
        "",
        ...factLines(arrival, s.siteUrl),
        "",
        ...changeLines(s, message.data, facts.phone),
        `Your reference: ${submission.id}`,
        "",
      ],
      messageId: `<${submission.id}.reminder.${message.id}@${s.domain}>`,
    }),
  };
}

/**
 * The morning after a visitor missed their intro (marked No-show): one offer of a new time, with the
 * booking page's address (prepared by noShow.ts prepareNoShowOffer, which drops it when it no longer
 * stands). No cancel link: the booking is past.
 */
export function noShowOfferMail(submission: StoredSubmission, _message: ClaimedMessage, s: MessageSettings): Delivery {
  const facts = introFacts(submission);
  return {
    mail: visitorMail(s, {
      to: facts.email,
      subject: `We missed you at your ${introName()} at ${site.name}`,
      lines: [
        `We missed you at your ${introName()} at ${site.name}: ${bookedLine(facts.booked)}. No problem: plans change.`,
        "",
        "If you would still like to come, choose a new time here:",
        `${s.siteUrl}${pathTo("intro")}`,
        "",
        `Or reply to this e-mail or call ${facts.phone}, and we will find a time with you.`,
        `Your reference: ${submission.id}`,
        "",
      ],
      // One per booking (the outbox queues it once), so one Message-ID.
      messageId: `<${submission.id}.no-show-offer@${s.domain}>`,
    }),
  };
}
