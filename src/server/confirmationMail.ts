import { formatPhone, placeLine } from "../content/contact";
import { whenLabel } from "../intro/display";
import { buildAppointment } from "../schedule/ics";
import { intro, site } from "./content";
import type { Mail } from "./mailer";
import type { StoredSubmission } from "./store/types";

/**
 * The e-mail a visitor gets after booking a free intro: when (in the gym's zone), with whom, where,
 * what to bring, how to change it, and the appointment as an .ics file. Replies go to the gym.
 */
export function confirmationMail(submission: StoredSubmission, from: string, domain: string, now = new Date()): Mail {
  const p = submission.payload as { start: string; end: string; coach: string; email: string };
  const when = whenLabel(p.start, site.timeZone);
  const minutes = Math.round((Date.parse(p.end) - Date.parse(p.start)) / 60_000);
  const where = placeLine(site);
  const phone = formatPhone(site.phone)
    .replace(/\u00a0/g, " ")
    .replace(/\u2011/g, "-");
  const calendar = buildAppointment({
    reference: submission.id,
    uidDomain: domain,
    start: new Date(p.start),
    end: new Date(p.end),
    summary: `${intro.name} at ${site.name}`,
    description: `With coach ${p.coach}. ${intro.whatToBring} To change or cancel, call ${phone}. Reference ${submission.id}.`,
    location: where,
    url: `${site.url}/`,
    now,
  });
  return {
    to: p.email,
    from,
    replyTo: site.email,
    subject: `Your ${intro.name.toLowerCase()} at ${site.name}: ${when}`,
    text: [
      // No greeting by name: the address is unverified, and a stranger's inbox must get nothing the booker wrote.
      "Hello,",
      "",
      `You are booked for a ${intro.name.toLowerCase()} at ${site.name}.`,
      "",
      `When: ${when} (${minutes} minutes)`,
      `Coach: ${p.coach}`,
      `Where: ${where}`,
      `What to bring: ${intro.whatToBring}`,
      "",
      `To change or cancel, reply to this e-mail or call ${phone}.`,
      `Your reference: ${submission.id}`,
      "",
      "The appointment is attached as a calendar file (free-intro.ics).",
      "",
    ].join("\n"),
    messageId: `<${submission.id}.confirmation@${domain}>`,
    attachments: [{ filename: "free-intro.ics", content: calendar, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}
