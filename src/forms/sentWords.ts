/**
 * What a visitor reads once a form is stored: the heading and paragraphs of the message that replaces
 * the form (src/components/form/) and of the page a form sent without JavaScript is answered with
 * (src/server/forms/answerPage.ts), each form's in src/forms/<form>/sent.ts: written once, so both say
 * the same, and a page's JavaScript holds only its own form's words. The reference follows.
 */
export interface SentWords {
  title: string;
  paragraphs: readonly string[];
  /** A link right under the heading (the free intro's calendar file). */
  action?: SentLink;
  /** A list of facts after the paragraphs (where to go for a booked intro), each with its label. */
  facts?: readonly SentFact[];
  /** Paragraphs after the facts. */
  closing?: readonly string[];
  /**
   * Where "Pay now" leads, after the paragraphs and before the reference: the plan's Stripe payment
   * link with the send's reference and address (src/content/paymentLink.ts). Absent: no such button.
   */
  payNow?: string;
}

/**
 * The message's id, on the page and in the page without JavaScript, whose address ends with it
 * (`#form-sent`), so a long page opens at the message rather than at its top.
 */
export const SENT_MESSAGE_ID = "form-sent";

export interface SentLink {
  href: string;
  text: string;
}

export interface SentFact {
  label: string;
  text: string;
  link?: SentLink | null;
}
