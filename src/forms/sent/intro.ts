import type { SentWords } from "../sentWords";

/**
 * A free-intro request. One free intro per person, and the answer must not tell a stranger whether an
 * address already holds one, or was mailed about one within the hour (src/server/intro/form.ts):
 * every word is true whatever the address holds. `when`: the time chosen as the server words it, absent
 * when the page does not know the request; `confirmation`: this server e-mails visitors; `email` as
 * typed, when the page knows it.
 */
export function introSent({ when, confirmation, email }: { when?: string; confirmation: boolean; email?: string }): SentWords {
  const chose = when ? `You chose ${when}. ` : "";
  return {
    title: confirmation ? "Check your e-mail" : when ? "Please note your time" : "We have your request",
    paragraphs: [
      `${chose}${
        confirmation
          ? `We e-mail ${email ?? "the address you gave"} the free intro booked for this address, with a calendar file and a link to cancel it.`
          : when
            ? "No e-mail is sent for this request, so please note the time."
            : "No e-mail is sent for this request: to check your time, please call us."
      }`,
      `Each person can book one free intro. If this address already had one booked, that booking stands and this time stays open${
        confirmation
          ? ": the e-mail gives the time you hold. An address is sent one such e-mail an hour at most, so a request made again within the hour gets none."
          : "."
      }`,
    ],
  };
}
