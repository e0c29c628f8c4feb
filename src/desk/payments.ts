/**
 * A payment as the console shows it on a person's timeline (src/server/payments/, recorded from Stripe's
 * webhook): what kind, how much, and for what. Pure; the server fills it in, the console says it.
 */
export interface TimelinePayment {
  kind: "completed" | "refunded" | "failed";
  /** In the currency's smallest unit (cents); null when Stripe gave none. A refund's is all refunded of it so far. */
  amount: number | null;
  /** ISO 4217, as Stripe writes it ("usd"). */
  currency: string | null;
  /** What was bought in the gym's words ("the Unlimited CrossFit sign-up", "a drop-in"), or null when unknown. */
  what: string | null;
  /** A completed checkout whose bank payment is still on its way. */
  pending: boolean;
  /** Made in Stripe's test mode: no money moved. */
  test: boolean;
}

/** An amount as the gym writes prices: "$165.00" in dollars, "165.00 EUR" in another currency. */
export function amountLabel(amount: number | null, currency: string | null): string {
  if (amount === null) return "an amount Stripe did not give";
  const value = (amount / 100).toFixed(2);
  return !currency || currency.toLowerCase() === "usd" ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

/** The timeline's line: "Paid $165.00 for the Unlimited CrossFit sign-up", "Refunded $20.00 of a drop-in". */
export function paymentLine(payment: TimelinePayment): string {
  const amount = amountLabel(payment.amount, payment.currency);
  const test = payment.test ? " (Stripe test mode)" : "";
  switch (payment.kind) {
    case "completed":
      if (payment.pending) return `Bank payment of ${amount} on its way${payment.what ? ` for ${payment.what}` : ""}${test}`;
      return `Paid ${amount}${payment.what ? ` for ${payment.what}` : ""}${test}`;
    case "refunded":
      return `Refunded ${amount}${payment.what ? ` of ${payment.what}` : ""}${test}`;
    case "failed":
      return `Bank payment of ${amount} failed${payment.what ? ` for ${payment.what}` : ""}${test}`;
  }
}

/** Who wrote a change a payment made (a person's status line, a sign-up's, the payment's own line): Stripe, on the payer's behalf. */
export const PAYMENT_ACTOR = "stripe";
