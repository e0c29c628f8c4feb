import { formatLongDate, isIsoDate } from "../../content/dates";
import type { SentWords } from "../sentWords";

/**
 * `fee`: the drop-in fee as shown ("$20"); `payNow`: where "Pay now" leads (the drop-in plan's payment
 * link, src/content/paymentLink.ts), when it has one.
 */
export function dropInSent(visitDate: string, fee: string, payNow?: string): SentWords {
  const coach = "A coach will e-mail you before your visit to say which class suits you best.";
  return {
    title: `See you ${isIsoDate(visitDate) ? `on ${formatLongDate(visitDate)}` : "soon"}`,
    paragraphs: [
      payNow
        ? `${coach} The waiver is signed: pay the ${fee} drop-in fee now by card on Stripe's secure page, or on the day.`
        : `${coach} The waiver is signed, so on the day you only pay the ${fee} drop-in fee.`,
    ],
    ...(payNow && { payNow }),
  };
}
