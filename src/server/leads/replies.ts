import { pathTo } from "../../routes";
import type { StoredSubmission } from "../forms/submission";
import { personName } from "./fields";
import type { ReplyTemplate } from "./types";

/** A template's words for one lead: {name} is their first name ("there" without one), {intro} the free-intro booking page. */
export function fillTemplate(text: string, submission: StoredSubmission, siteUrl: string): string {
  const first = personName(submission.payload).trim().split(/\s+/)[0] || "there";
  return text.replaceAll("{name}", first).replaceAll("{intro}", `${siteUrl}${pathTo("intro")}`);
}

/** Each template as the lead page offers it: filled in for that lead, ready to read and change before sending. */
export function repliesFor(templates: readonly ReplyTemplate[], submission: StoredSubmission, siteUrl: string) {
  return templates.map((template) => ({
    id: template.id,
    name: template.name,
    subject: fillTemplate(template.subject, submission, siteUrl),
    body: fillTemplate(template.body, submission, siteUrl),
  }));
}
