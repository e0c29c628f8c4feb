import { formatPhone, placeLine } from "../../content/contact";
import { buildAppointment } from "../../schedule/ics";
import { arrival, intro, site } from "../content";
import { introCancelPath } from "../../intro/cancelPath";
import { bookedLine, youAreBooked, type IntroBooked } from "../../forms/intro/sent";
import type { SentFact } from "../../forms/sentWords";
import { bookedOf } from "./outcome";
import type { Mail, MessageSettings } from "../outbox/delivery";
import type { StoredSubmission } from "../store/submission";
import type { OutboxData } from "../outbox/types";
import { whenLabel } from "../../time/labels";
import { visitorMail } from "../outbox/visitorMail";

/** What every mail about a booking says of it, read from the booking's payload (a new time rewrites it). */
export function introFacts(submission: StoredSubmission) {
  const p = submission.payload as { start: string; end: string; coach: string; email: string };
  return {
    booked: bookedOf(p) as IntroBooked,
    email: p.email,
    coach: p.coach,
    start: new Date(p.start),
    end: new Date(p.end),
    when: whenLabel(p.start),
    minutes: Math.round((Date.parse(p.end) - Date.parse(p.start)) / 60_000),
    where: placeLine(site),
    phone: formatPhone(site.phone)
      .replace(/\u00a0/g, " ")
      .replace(/\u2011/g, "-"),
  };
}

/**
 * The appointment as an .ics attachment. Its UID is the reference's, so a new time (SEQUENCE raised) or
 * a cancellation (METHOD:CANCEL) changes the event the visitor's calendar already holds.
 */
export function introCalendar(
  submission: StoredSubmission,
  s: Pick<MessageSettings, "domain" | "now">,
  { sequence = 0, method = "publish" }: { sequence?: number; method?: "publish" | "cancel" } = {},
): NonNullable<Mail["attachments"]>[number] {
  const facts = introFacts(submission);
  const calendar = buildAppointment({
    reference: submission.id,
    uidDomain: s.domain,
    start: facts.start,
    end: facts.end,
    summary: `${intro.name} at ${site.name}`,
    description: `With coach ${facts.coach}. ${intro.whatToBring} To change it, call ${facts.phone}. Reference ${submission.id}.`,
    location: facts.where,
    url: `${site.url}/`,
    now: s.now,
    sequence,
    method,
    organizer: { name: site.name, email: site.email },
  });
  return {
    filename: method === "cancel" ? "free-intro-cancelled.ics" : "free-intro.ics",
    content: calendar,
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
  };
}

/**
 * The first-visit facts as lines of a plain-text mail ("Parking: ..."), each link on a line of its own
 * as a full address.
 */
export function factLines(facts: readonly SentFact[], siteUrl: string): string[] {
  return facts.flatMap((fact) => [
    `${fact.label}: ${fact.text}`,
    ...(fact.link ? [`${fact.link.text}: ${fact.link.href.startsWith("/") ? siteUrl + fact.link.href : fact.link.href}`] : []),
  ]);
}

/** How the visitor changes or cancels: their own link when the message carries its token. */
export function changeLines(s: Pick<MessageSettings, "siteUrl">, data: OutboxData | null, phone: string): string[] {
  const call = `To change the time, reply to this e-mail or call ${phone}.`;
  if (!data?.cancelToken) return [`To change or cancel, reply to this e-mail or call ${phone}.`];
  return [call, "If you cannot come, cancel here, so someone else can have the time:", `${s.siteUrl}${introCancelPath(data.cancelToken)}`];
}

/**
 * The e-mail a visitor gets after booking a free intro. It opens with the words its page shows ("You're
 * booked: Tuesday, December 1 at 5:30 PM with Coach Marcus", src/forms/intro/sent.ts), then where to go
 * and what to bring (the first-visit block's facts), how to cancel or change it, and the appointment as
 * an .ics file. Replies go to the gym.
 *
 * The same mail, opened differently, answers a request for another intro from an address that already
 * holds one (`data.alreadyBooked`): it says first which time the address holds, that it stands, and
 * carries its new cancel link.
 */
export function confirmationMail(submission: StoredSubmission, data: OutboxData | null, s: MessageSettings, messageId?: number): Mail {
  const facts = introFacts(submission);
  const asked = data?.alreadyBooked?.askedStart;
  const opening = data?.alreadyBooked
    ? [
        `You already have a free intro booked: ${bookedLine(facts.booked)}.`,
        "",
        // Whoever asked may not be the address's owner: say what happened, and nothing they typed.
        `Someone asked to book another${asked ? `, on ${whenLabel(asked)},` : ""} with this e-mail address. Each person can book one free intro, so nothing new was booked, and your booking stands.`,
      ]
    : [`${youAreBooked(facts.booked)}.`];
  return visitorMail(s, {
    to: facts.email,
    subject: data?.alreadyBooked
      ? `You already have a ${intro.name.toLowerCase()} at ${site.name}: ${facts.when}`
      : `Your ${intro.name.toLowerCase()} at ${site.name}: ${facts.when}`,
    lines: [
      ...opening,
      "",
      ...factLines(arrival, s.siteUrl),
      "",
      ...changeLines(s, data, facts.phone),
      ...(data?.alreadyBooked ? ["This link replaces the one in earlier e-mails about this booking."] : []),
      `Your reference: ${submission.id}`,
      "",
      "The appointment is attached as a calendar file (free-intro.ics): open it to add it to your calendar.",
      "",
    ],
    // A second mail about the same booking needs its own Message-ID, or mail apps show only the first.
    messageId: data?.alreadyBooked
      ? `<${submission.id}.confirmation.${messageId ?? 0}@${s.domain}>`
      : `<${submission.id}.confirmation@${s.domain}>`,
    attachments: [introCalendar(submission, s, { sequence: data?.sequence ?? 0 })],
  });
}
