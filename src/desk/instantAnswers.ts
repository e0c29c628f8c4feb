/**
 * The instant answer: the e-mail a visitor gets within a minute of sending the contact, sign-up or
 * drop-in form, in the gym's words. The owner edits each form's text in the console; the server fills
 * it in (src/server/leads/answerStore.ts, answerMail.ts). Pure: the console's preview and the server's check and
 * mail use the same placeholders, defaults and filling. The free intro's confirmation is its instant
 * answer already (src/server/intro/confirmationMail.ts).
 */

/** The forms that get an instant answer, in the console's order. */
export const ANSWER_FORMS = ["contact", "signup", "drop-in"] as const;
export type AnswerForm = (typeof ANSWER_FORMS)[number];

export const isAnswerForm = (form: string): form is AnswerForm => (ANSWER_FORMS as readonly string[]).includes(form);

/** The longest text the owner may write for one form. */
export const ANSWER_MAX = 3000;

/** What each placeholder becomes, in the console's words. */
export const PLACEHOLDER_WORDS = {
  gym: "the gym's name",
  name: "the first name the visitor typed, left out unless it reads as a name",
  when: 'when the gym will answer, worked out as the form arrives: "today before 7:00 PM", "tomorrow morning", "on Monday morning"',
  introLink: "the address of the free-intro booking page",
  plan: "the plan chosen",
  startDate: "the start date chosen",
  visitDate: "the day of the visit",
} as const;

export type Placeholder = keyof typeof PLACEHOLDER_WORDS;

/** The placeholders each form's text may use. */
export const ANSWER_PLACEHOLDERS: Readonly<Record<AnswerForm, readonly Placeholder[]>> = {
  contact: ["gym", "name", "when", "introLink"],
  signup: ["gym", "name", "when", "plan", "startDate"],
  "drop-in": ["gym", "name", "when", "visitDate"],
};

/** The console's name for each form's answer. */
export const ANSWER_TITLES: Readonly<Record<AnswerForm, string>> = {
  contact: "Contact form",
  signup: "Sign-up",
  "drop-in": "Drop-in",
};

/**
 * The words until the owner writes their own. They greet nobody by name ({name} is there for an owner
 * who wants it): the address was only typed, and may not be the sender's.
 */
export const DEFAULT_ANSWERS: Readonly<Record<AnswerForm, string>> = {
  contact: [
    "Hello,",
    "",
    "Thanks for your message to {gym}: it is with our coaches now. One of them will get back to you {when}.",
    "",
    "If you would like to see the gym and meet a coach first, book a free intro at a time that suits you: {introLink}",
    "",
    "See you at the gym!",
  ].join("\n"),
  signup: [
    "Hello,",
    "",
    "Thanks for signing up at {gym}. We have your sign-up for {plan}, starting {startDate}.",
    "",
    "What comes next: a coach will e-mail you {when} to confirm your start date and set up payment.",
    "",
    "See you at the gym!",
  ].join("\n"),
  "drop-in": [
    "Hello,",
    "",
    "Thanks for booking a drop-in at {gym}. We have you down for {visitDate}, and your waiver is signed.",
    "",
    "What comes next: a coach will e-mail you {when} to say which class suits you best. On the day you only pay the drop-in fee.",
    "",
    "See you at the gym!",
  ].join("\n"),
};

/** A sample visitor for the console's preview. */
export const PREVIEW_VALUES: Readonly<Record<Placeholder, string>> = {
  gym: "",
  name: "Ana",
  when: "today before 7:00 PM",
  introLink: "",
  plan: "Unlimited",
  startDate: "Monday, March 2",
  visitDate: "Saturday, March 7",
};

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/**
 * Why this text cannot be a form's answer, or null: empty, too long, or a placeholder the form does
 * not have (named, with the ones it has).
 */
export function answerProblem(form: AnswerForm, text: string): string | null {
  if (!text.trim()) return "Write the answer: it cannot be empty.";
  if (text.length > ANSWER_MAX) return `Keep the answer under ${ANSWER_MAX} characters.`;
  const allowed = ANSWER_PLACEHOLDERS[form];
  const unknown = [
    ...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[0]).filter((p) => !allowed.includes(p.slice(1, -1) as Placeholder))),
  ];
  if (unknown.length > 0) {
    const known = allowed.map((p) => `{${p}}`).join(", ");
    return `${unknown.join(", ")} ${unknown.length === 1 ? "is not a placeholder" : "are not placeholders"} of this answer: use ${known}.`;
  }
  return null;
}

/** The text with each of its placeholders filled in; anything else in braces stays as it was written. */
export function fillAnswer(text: string, values: Readonly<Partial<Record<Placeholder, string>>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name as Placeholder] ?? whole) : whole));
}
