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
/**
 * The first word of the name typed, only when it reads as a name (letters, apostrophes, hyphens, a
 * dot; at most 30): anything else (a link, a sentence glued by a blank-looking character) becomes
 * nothing, so no one can put their own words into a mail the gym sends to an address they typed.
 */
const NAME = /^\p{L}[\p{L}\p{M}'’.-]{0,29}$/u;
const firstName = (value: unknown): string => {
  const word = text(value).split(/\s+/)[0] ?? "";
  return NAME.test(word) ? word : "";
};
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
    name: firstName(p.firstName ?? p.name),
    when,
    introLink: `${s.siteUrl}${pathTo("intro")}`,
    plan: plan?.name ?? text(p.plan),
    startDate: longDate(p.startDate),
    visitDate: longDate(p.visitDate),
  };
}

/**
 * Past this, an answer is no longer instant and its "today before 7:00 PM" may be wrong or already
 * kept by a coach: the outbox's retries (or the owner's Retry days later) drop it instead.
 */
export const ANSWER_STALE_MS = 2 * 60 * 60_000;

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
  if (s.now.getTime() - submission.createdAt.getTime() > ANSWER_STALE_MS) return { drop: "too late to be an instant answer" };
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
