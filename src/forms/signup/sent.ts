import type { SentWords } from "../sentWords";

/** `paymentChoices`: the gym's payment methods as a phrase ("cash, card or bank transfer"). */
export function signupSent(paymentChoices: string): SentWords {
  return {
    title: "Welcome to the gym!",
    paragraphs: [
      `We have your sign-up. A coach will e-mail you within one business day to confirm your start date and set up payment (${paymentChoices}).`,
    ],
  };
}
