import type { SentWords } from "../sentWords";

/**
 * A free-intro request. One free intro per person, and the answer must not tell a stranger whether an
 * address already holds one (src/server/forms/handler.ts): every word is true whether this time was
 * booked or not. `when`: the time as the server words it; `email` as typed, when the page knows it.
 */
export function introSent({ when, confirmation, email }: { when: string; confirmation: boolean; email?: string }): SentWords {
  return {
    title: confirmation ? "Check your e-mail" : "Please note your time",
    paragraphs: [
      `You chose ${when}. ${
        confirmation
          ? `We are e-mailing ${email ?? "the address you gave"} the free intro booked for this address, with a calendar file and a link to cancel it.`
          : "No e-mail is sent for this request, so please note the time."
      }`,
      `Each person can book one free intro. If this address already had one booked, that booking stands and this time stays open${
        confirmation ? ": the e-mail gives the time you hold." : "."
      }`,
    ],
  };
}
