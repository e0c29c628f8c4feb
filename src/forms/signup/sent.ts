import type { SentWords } from "../sentWords";

/**
 * `paymentChoices`: the gym's payment methods as a phrase ("cash, card or bank transfer"); `payNow`:
 * where "Pay now" leads (the plan's payment link, src/content/paymentLink.ts), when the plan has one.
 */
export function signupSent(paymentChoices: string, payNow?: string): SentWords {
  if (!payNow) {
    return {
      title: "Welcome to the gym!",
      paragraphs: [
        `We have your sign-up. A coach will e-mail you within one business day to confirm your start date and set up payment (${paymentChoices}).`,
      ],
    };
  }
  return {
    title: "Welcome to the gym!",
    paragraphs: [
      "We have your sign-up. A coach will e-mail you within one business day to confirm your start date.",
      `You can pay now by card on Stripe's secure page, or set up payment with the coach (${paymentChoices}).`,
    ],
    payNow,
  };
}
