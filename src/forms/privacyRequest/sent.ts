import { formatLongDate } from "../../content/dates";
import { answerDueDate, CONFIRM_LINK_DAYS } from "./rules";
import type { SentWords } from "../sentWords";

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
