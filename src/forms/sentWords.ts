import { formatLongDate, isIsoDate } from "../content/dates";
import { answerDueDate, CONFIRM_LINK_DAYS } from "./privacyRequest";

/**
 * What a visitor reads once a form is stored: the heading and paragraphs of the message that replaces
 * the form (src/components/form/) and of the page a form sent without JavaScript is answered with
 * (src/server/forms/answerPage.ts). Written once here, so both say the same; the reference follows.
 */
export interface SentWords {
  title: string;
  paragraphs: readonly string[];
}

export function contactSent(): SentWords {
  return { title: "Thanks, your message is on its way", paragraphs: ["A coach will answer within one business day, usually sooner."] };
}

/** `paymentChoices`: the gym's payment methods as a phrase ("cash, card or bank transfer"). */
export function signupSent(paymentChoices: string): SentWords {
  return {
    title: "Welcome to the gym!",
    paragraphs: [
      `We have your sign-up. A coach will e-mail you within one business day to confirm your start date and set up payment (${paymentChoices}).`,
    ],
  };
}

export function holdSent(type: string): SentWords {
  return {
    title: type === "cancel" ? "Your cancellation notice is in" : "Your hold request is in",
    paragraphs: ["We will confirm it by email within two business days."],
  };
}

/** `fee`: the drop-in fee as shown ("$20"). */
export function dropInSent(visitDate: string, fee: string): SentWords {
  return {
    title: `See you ${isIsoDate(visitDate) ? `on ${formatLongDate(visitDate)}` : "soon"}`,
    paragraphs: [
      `A coach will e-mail you before your visit to say which class suits you best. The waiver is signed, so on the day you only pay the ${fee} drop-in fee.`,
    ],
  };
}

/**
 * `email` as the visitor typed it, when the page knows it. A page answered after a redirect does not:
 * an address never goes into a URL, so it says "the address you gave".
 */
export function privacyRequestSent({ email, today, responseDays }: { email?: string; today: string; responseDays: number }): SentWords {
  return {
    title: "We have your request",
    paragraphs: [
      `We have e-mailed a link to ${email ?? "the address you gave"} to confirm that the request comes from you. It works once, for ${CONFIRM_LINK_DAYS} days; until it is used we do nothing with the request.`,
      `We answer within ${responseDays} days of your confirming it: confirm today, and we answer by e-mail by ${formatLongDate(answerDueDate(today, responseDays))} at the latest.`,
    ],
  };
}

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
