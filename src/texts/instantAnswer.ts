/**
 * The instant answer by text, to a person who ticked "Text me about my enquiry" on a contact or sign-up
 * form (src/server/leads/answerStore.ts queues it beside the e-mail). Fixed words, here only: the owner
 * edits the e-mail's in the console, not these. Plain GSM-7 characters (no curly quotes, no emoji), so a
 * text stays one or two segments (src/texts/segments.ts). Pure: the tests and the server share it.
 */
export const INSTANT_ANSWER_TEXTS = {
  contact: "{gym}: thanks for your message! A coach will get back to you {when}. Reply STOP to end, HELP for help.",
  signup: "{gym}: thanks for signing up! A coach will be in touch {when} to confirm. Reply STOP to end, HELP for help.",
} as const;

export type TextAnswerForm = keyof typeof INSTANT_ANSWER_TEXTS;

export const isTextAnswerForm = (form: string): form is TextAnswerForm => Object.hasOwn(INSTANT_ANSWER_TEXTS, form);

/** The text for a form, with the gym's name and when the gym will answer ("today before 7:00 PM"). */
export function instantAnswerText(form: TextAnswerForm, gym: { name: string }, when: string): string {
  return INSTANT_ANSWER_TEXTS[form].replace("{gym}", () => gym.name).replace("{when}", () => when);
}
