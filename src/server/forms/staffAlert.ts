import { formatLongDate, isIsoDate } from "../../content/dates";
import { FORM_REGISTRY } from "../../forms/registry";
import { leadPath } from "../../desk/paths";
import { privacy, requestDueDate } from "../content";
import { fieldText, personName } from "./fields";
import type { Mail } from "../outbox/delivery";
import { escapeControls } from "../printable";
import type { StoredSubmission } from "../store/submission";
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

/**
 * The e-mail staff receive for a submission: every field, plainly, and a reply goes to the visitor.
 * The subject names the form, the person and what it is about, never free text they typed (health
 * information stays in the body, which only staff read). A privacy request's alert is sent when its
 * person confirms it (`confirmedAt`), and its subject carries the date the law's answer is due by,
 * counted from then. Times are in the gym's zone and words, as staff read them on a phone.
 */
export function staffMail(
  submission: StoredSubmission,
  to: string,
  from: string,
  domain: string,
  siteUrl: string,
  confirmedAt: Date = submission.createdAt,
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
    from,
    replyTo: typeof p.email === "string" ? p.email : undefined,
    subject: escapeControls(`${title}${due ? `: answer by ${due}` : ""} [${submission.id}]`),
    text: [
      `Reference: ${submission.id}`,
      `Received: ${whenLabel(submission.createdAt.toISOString())}`,
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
