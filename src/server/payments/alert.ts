import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { escapeControls } from "../printable";
import type { StaffAccount } from "../staff/types";
import { whenLabel } from "../../time/labels";
import type { CheckoutFacts } from "./types";

/** An amount in the currency's smallest unit as the owner reads it: "165.00 USD". */
export function amountWords(amount: number | null, currency: string | null): string {
  if (amount === null) return "not given";
  return `${(amount / 100).toFixed(2)} ${(currency ?? "").toUpperCase()}`.trim();
}

/**
 * The owner's alert of a completed payment whose reference matches no sign-up or drop-in on the site (a
 * link shared without "Pay now", a reference mistyped, a form since deleted): what Stripe holds of it,
 * to find it in Stripe's dashboard and match it by hand. Written when the payment is recorded, so the
 * outbox holds the words; never the payer's name or address (Stripe's dashboard shows them to the owner).
 */
export function unmatchedPaymentAlert(facts: CheckoutFacts): { subject: string; text: string } {
  const reference = facts.clientReferenceId === null ? "none" : escapeControls(facts.clientReferenceId);
  return {
    subject: `A payment no sign-up or drop-in matches (${amountWords(facts.amountTotal, facts.currency)})`,
    text: [
      "Stripe reported a completed payment, but its reference matches no sign-up or drop-in on the site. It is recorded; nobody's status changed.",
      "",
      `Reference it carried: ${reference}`,
      `Amount: ${amountWords(facts.amountTotal, facts.currency)}`,
      `Paid: ${whenLabel(facts.at.toISOString())}`,
      `Stripe checkout session: ${facts.sessionId}`,
      ...(facts.customerId ? [`Stripe customer: ${facts.customerId}`] : []),
      ...(facts.paymentLinkId ? [`Payment link: ${facts.paymentLinkId}`] : []),
      ...(facts.livemode ? [] : ["Test mode: no money moved."]),
      "",
      "Find it in Stripe's dashboard (Payments, or search for the session), see who paid, and mark that person Joined in the console.",
    ].join("\n"),
  };
}

/** Who the alert goes to: the owners, found as it goes. */
export async function preparePaymentAlert(
  store: { staffAccounts(): Promise<StaffAccount[]> },
  message: ClaimedMessage,
): Promise<ClaimedMessage | { dropped: string }> {
  const owners = (await store.staffAccounts()).filter((account) => account.role === "owner").map((account) => account.email);
  if (owners.length === 0) return { dropped: "it has no owners to go to" };
  return { ...message, data: { ...message.data, to: owners.join(", ") } };
}

export function paymentAlertMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, subject, text } = message.data ?? {};
  if (!to || !subject || !text) return { drop: "its text is no longer held" };
  return { mail: { to, from: s.mailFrom, subject, text, messageId: `<payment-alert.${message.id}@${s.domain}>` } };
}
