import { ANSWER_STALE_MS, instantAnswerMail } from "../../../../src/server/leads/answerMail";
import type { MessageSettings } from "../../../../src/server/outbox/delivery";
import type { ClaimedMessage } from "../../../../src/server/outbox/types";
import type { StoredSubmission } from "../../../../src/server/store/submission";

/**
 * The instant answer as it goes out (src/server/leads/answerMail.ts): what a visitor typed into the name
 * field reaches the mail only when it reads as a name, and an answer delayed past two hours is dropped.
 * Queuing and sending through a real store and SMTP server: answerStore.test.ts.
 */

const CREATED = new Date("2026-11-30T18:00:00Z");
const settings = (now: Date): MessageSettings => ({
  staffEmail: "coaches@gym.example",
  mailFrom: "desk@gym.example",
  domain: "gym.example",
  siteUrl: "https://gym.example",
  now,
});
const contact = (name: string): StoredSubmission => ({
  id: "C-ANSWER0001",
  form: "contact",
  createdAt: CREATED,
  payload: { name, email: "ana@example.com", interest: "membership", message: "Hi" },
  spam: null,
});
const message: ClaimedMessage = {
  id: 1,
  submissionId: "C-ANSWER0001",
  kind: "instant-answer",
  status: "pending",
  attempts: 0,
  nextAttemptAt: null,
  lastError: null,
  sentAt: null,
  createdAt: CREATED,
  data: { text: "Hi {name}, we call {when}.", when: "today before 7:00 PM" },
};

function textOf(name: string, now = new Date(CREATED.getTime() + 5_000)): string {
  const delivery = instantAnswerMail(contact(name), message, settings(now));
  if (!("mail" in delivery)) throw new Error(`dropped: ${JSON.stringify(delivery)}`);
  return delivery.mail.text;
}

test.each([
  ["Ana Ruiz", "Hi Ana, we call today before 7:00 PM."],
  ["José-María O’Neil", "Hi José-María, we call today before 7:00 PM."],
  ["d'Arcy", "Hi d'Arcy, we call today before 7:00 PM."],
  // A link, an address, digits, or a sentence glued by a blank-looking character (U+2800) read as no name.
  ["https://example.com/login now", "Hi , we call today before 7:00 PM."],
  ["ana@example.com", "Hi , we call today before 7:00 PM."],
  ["Win\u2800a\u2800prize\u2800at\u2800example.com", "Hi , we call today before 7:00 PM."],
  ["Agent007", "Hi , we call today before 7:00 PM."],
  ["Abcdefghijklmnopqrstuvwxyzabcdefg", "Hi , we call today before 7:00 PM."],
])("the name %j fills {name} as %j", (name, expected) => {
  expect(textOf(name)).toBe(expected);
});

test("an answer not sent within two hours (retries, or Retry days later) is dropped, not sent with a stale time", () => {
  expect(textOf("Ana", new Date(CREATED.getTime() + ANSWER_STALE_MS))).toBe("Hi Ana, we call today before 7:00 PM.");
  expect(instantAnswerMail(contact("Ana"), message, settings(new Date(CREATED.getTime() + ANSWER_STALE_MS + 1)))).toEqual({
    drop: "too late to be an instant answer",
  });
});
