import { formatLongDate, isIsoDate } from "../../content/dates";
import { fillAnswer, isAnswerForm, type AnswerForm, type Placeholder } from "../../desk/instantAnswers";
import { pathTo } from "../../routes";
import { rates, site } from "../content";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { fromTheGym } from "../outbox/visitorMail";
import type { StoredSubmission } from "../store/submission";

const SUBJECTS: Readonly<Record<AnswerForm, string>> = {
  contact: `Thanks for your message to ${site.name}`,
  signup: `Your sign-up at ${site.name}`,
  "drop-in": `Your drop-in at ${site.name}`,
};

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const firstWord = (value: unknown): string => text(value).split(/\s+/)[0] ?? "";
const longDate = (value: unknown): string => (isIsoDate(text(value)) ? formatLongDate(text(value)) : text(value));

/**
 * What the placeholders become for this form: only what the visitor typed or chose (their first name,
 * the plan, the dates), the gym's name, the booking page's address, and when the gym will answer.
 */
function valuesOf(submission: StoredSubmission, when: string, s: Pick<MessageSettings, "siteUrl">): Partial<Record<Placeholder, string>> {
  const p = submission.payload;
  const plan = rates.plans.find((candidate) => candidate.id === p.plan);
  return {
    gym: site.name,
    name: firstWord(p.firstName ?? p.name),
    when,
    introLink: `${s.siteUrl}${pathTo("intro")}`,
    plan: plan?.name ?? text(p.plan),
    startDate: longDate(p.startDate),
    visitDate: longDate(p.visitDate),
  };
}

/**
 * The instant answer (leads/answerStore.ts queued it): the words as they stood when the form came in,
 * filled in now from the form, from the gym by name, to the address the form gave, replies to the gym.
 * Nothing is added to the words: the owner's text is the whole mail.
 */
export function instantAnswerMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const { form, payload } = submission;
  const words = message.data?.text;
  const to = text(payload.email);
  if (!isAnswerForm(form) || !words || !to) return { drop: "its words are gone" };
  return {
    mail: {
      to,
      from: fromTheGym(s.mailFrom),
      replyTo: site.email,
      subject: SUBJECTS[form],
      text: fillAnswer(words, valuesOf(submission, message.data?.when ?? "soon", s)),
      messageId: `<${submission.id}.instant-answer@${s.domain}>`,
    },
  };
}
