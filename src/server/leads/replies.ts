import { pathTo } from "../../routes";
import type { StoredSubmission } from "../store/submission";
import { personName } from "../forms/fields";
import type { TemplateChannel } from "../store/schema";
import type { LeadStore, ReplyTemplate } from "./types";

/**
 * A template's words for one lead: {name} is their first name ("there" without one), {intro} the
 * free-intro booking page. One pass, each value put in by a function: a name is whatever the visitor
 * typed, and a replacement string would read "$&", "$`" or "$'" in it as patterns (copying the template
 * into itself), while a second pass would fill a "{intro}" they typed.
 */
export function fillTemplate(text: string, submission: Pick<StoredSubmission, "payload">, siteUrl: string): string {
  const values: Record<string, string> = {
    name: personName(submission.payload).trim().split(/\s+/)[0] || "there",
    intro: `${siteUrl}${pathTo("intro")}`,
  };
  return text.replace(/\{(name|intro)\}/g, (_placeholder, key: string) => values[key] ?? "");
}

/** Each template as the lead page offers it: filled in for that lead, ready to read and change before sending. */
export function repliesFor(templates: readonly ReplyTemplate[], submission: Pick<StoredSubmission, "payload">, siteUrl: string) {
  return templates.map((template) => ({
    id: template.id,
    name: template.name,
    subject: fillTemplate(template.subject, submission, siteUrl),
    body: fillTemplate(template.body, submission, siteUrl),
  }));
}

/** The owner's templates of one channel: an e-mail reply's, or a text's. */
export const templatesBy = async (store: Pick<LeadStore, "replyTemplates">, channel: TemplateChannel) =>
  (await store.replyTemplates()).filter((template) => template.channel === channel);
