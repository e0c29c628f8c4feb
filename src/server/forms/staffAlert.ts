import addressparser from "nodemailer/lib/addressparser";
import { formatLongDate, isIsoDate } from "../../content/dates";
import { FORM_REGISTRY, type FormName } from "../../forms/registry";
import type { VisitSource } from "../../forms/visitSource";
import { pageWords, sourceWords } from "../../desk/sources";
import { mayOpenForm, OWNER_ONLY_FORMS } from "../../desk/leads";
import { leadPath } from "../../desk/paths";
import { privacy, requestDueDate } from "../content";
import { fieldText, personName } from "./fields";
import type { Delivery, Mail, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { escapeControls } from "../printable";
import type { StaffAccount } from "../staff/types";
import type { StoredSubmission } from "../store/submission";
import type { StaffAlertStore } from "./types";
import { dayLabel, timeLabel, whenLabel } from "../../time/labels";

function label(key: string): string {
  return key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

/**
 * A multi-line value as one block under its label, every line indented, so text a visitor typed
 * ("...\nEmail: someone@else") can never read as a field of its own.
 */
function indented(value: string): string {
  return `\n${escapeControls(value, true)
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n")}`;
}

/** Who an alert goes to and what it says beside the submission (prepareStaffAlert finds them as it goes). */
export interface AlertFacts {
  /** The recipients, one mail to them all: "a@x, b@y". */
  to: string;
  /** When a privacy request's person confirmed it: the law's days count from then. */
  confirmedAt?: Date;
  /** Where the visit came from; null when unknown (sent without JavaScript, or before sources were kept). */
  source?: VisitSource | null;
}

/**
 * The e-mail staff receive for a submission: every field, plainly, where the visit came from (its
 * channel and landing page in words, desk/sources.ts), and a reply goes to the visitor. The subject names the form, the person and what it is about, never free
 * text they typed (health information stays in the body, which only staff read). A privacy request's
 * alert is sent when its person confirms it (`confirmedAt`), and its subject carries the date the law's
 * answer is due by, counted from then. Times are in the gym's zone and words, as staff read them on a phone.
 */
export function staffMail(
  submission: StoredSubmission,
  { mailFrom, domain, siteUrl }: Pick<MessageSettings, "mailFrom" | "domain" | "siteUrl">,
  { to, confirmedAt = submission.createdAt, source }: AlertFacts,
): Mail {
  const p = submission.payload;
  const who = personName(p) || undefined;
  const booked =
    typeof p.start === "string" && typeof p.coach === "string" ? `${dayLabel(p.start)} at ${timeLabel(p.start)} with ${p.coach}` : "";
  const visit = typeof p.visitDate === "string" && isIsoDate(p.visitDate) ? formatLongDate(p.visitDate) : undefined;
  const code = (["interest", "type", "plan", "request"] as const).find((key) => typeof p[key] === "string");
  const detail = (code && fieldText(code, p[code])) ?? visit ?? booked;
  const due = submission.form === "privacy-request" ? formatLongDate(requestDueDate(confirmedAt)) : undefined;
  const lines = Object.entries(p)
    .filter(([key]) => key !== "website" && key !== "elapsedMs")
    .map(
      ([key, value]) =>
        `${label(key)}: ${typeof value === "string" && value.includes("\n") ? indented(value) : escapeControls(fieldText(key, value))}`,
    );
  const title = `${FORM_REGISTRY[submission.form].staffTitle}${who ? ` from ${who}` : ""}${detail ? ` (${detail})` : ""}`;
  return {
    to,
    from: mailFrom,
    replyTo: typeof p.email === "string" ? p.email : undefined,
    subject: escapeControls(`${title}${due ? `: answer by ${due}` : ""} [${submission.id}]`),
    text: [
      `Reference: ${submission.id}`,
      `Received: ${whenLabel(submission.createdAt.toISOString())}`,
      // As the reports and the lead's page name it: the channel, and the page they landed on in words.
      ...(source !== undefined ? [`Came from: ${escapeControls(sourceWords(source))}`] : []),
      ...(source?.landingPage ? [`Landed on: ${escapeControls(pageWords(source.landingPage))}`] : []),
      `Open in the staff console: ${siteUrl}${leadPath(submission.id)}`,
      ...(due
        ? [
            `Answer by: ${due} (${privacy.requestResponseDays} days from its confirmation, Washington's My Health My Data Act)`,
            `Confirmed: ${whenLabel(confirmedAt.toISOString())}`,
          ]
        : []),
      "",
      ...lines,
      "",
    ].join("\n"),
    messageId: `<${submission.id}@${domain}>`,
  };
}

/**
 * Who a submission's alert goes to, as it goes: STAFF_EMAIL (the gym's shared inbox; it may name
 * several addresses) and every staff account that has not turned new-lead e-mails off. A form only
 * owners see (a privacy request) goes to STAFF_EMAIL, as it always has, and to every owner whatever
 * their setting: it is no lead, and the law's days to answer it are running. Each address once,
 * compared without case, in one mail: nobody gets the same alert twice.
 */
export function alertRecipients(
  form: FormName,
  accounts: readonly StaffAccount[],
  staffEmail: string | undefined,
): { to: string[]; bcc: string[] } {
  const everyLead = !OWNER_ONLY_FORMS.includes(form);
  const staff = accounts
    .filter((account) => mayOpenForm(account.role, form) && (!everyLead || account.leadAlertsOffSince === null))
    .map((account) => account.email);
  const parsed = staffEmail ? addressparser(staffEmail, { flatten: true }).map((sender) => sender.address) : [];
  const shared = parsed.some(Boolean) ? parsed.filter(Boolean) : staffEmail ? [staffEmail] : [];
  const seen = new Set<string>();
  const once = (address: string) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const to = shared.filter(once);
  const bcc = staff.filter(once);
  // The alert's Reply-To is the visitor: a "reply all" must not hand them every staff address, so the
  // accounts are blind copies and To is the gym's shared inbox (or, without one, the first account).
  return to.length > 0 ? { to, bcc } : { to: bcc.slice(0, 1), bcc: bcc.slice(1) };
}

/**
 * The alert's step as it goes out, not when it was queued (its outbox row names nobody): it goes to the
 * staff of that moment, so a coach removed, or one who turned new-lead e-mails off, while the mail
 * server was down does not get it, on a retry either, and one added meanwhile does; with where the lead
 * came from. Nothing to send to (no account wants it, STAFF_EMAIL unset): dropped, and said in the log.
 */
export async function prepareStaffAlert(
  store: StaffAlertStore,
  message: ClaimedMessage,
  settings: Pick<MessageSettings, "staffEmail">,
): Promise<ClaimedMessage | { dropped: string }> {
  const { submission } = message;
  if (!submission) return { dropped: "its submission is gone" };
  const { to, bcc } = alertRecipients(submission.form, await store.staffAccounts(), settings.staffEmail || undefined);
  if (to.length === 0) return { dropped: "it has no staff to go to" };
  const data = { ...message.data, to: to.join(", "), ...(bcc.length > 0 && { bcc: bcc.join(", ") }) };
  return { ...message, data: { ...data, source: await store.leadSource(submission.id) } };
}

/** The staff's alert of a submission, to whom prepareStaffAlert found; the message's own time is a privacy request's confirmation. */
export function staffAlertMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const to = message.data?.to;
  if (!to) return { drop: "it has no staff to go to" };
  const mail = staffMail(submission, s, { to, confirmedAt: message.createdAt, source: message.data?.source });
  return { mail: message.data?.bcc ? { ...mail, bcc: message.data.bcc } : mail };
}
