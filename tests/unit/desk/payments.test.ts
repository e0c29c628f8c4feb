import { amountLabel, paymentLine } from "../../../src/desk/payments";

/** A payment's line on a person's timeline (src/desk/payments.ts), as staff read it. */

const paid = {
  kind: "completed",
  amount: 16500,
  currency: "usd",
  what: "the Unlimited CrossFit sign-up",
  pending: false,
  test: false,
} as const;

test("amounts read as the gym's prices in dollars, and with their currency otherwise", () => {
  expect(amountLabel(16500, "usd")).toBe("$165.00");
  expect(amountLabel(2000, "USD")).toBe("$20.00");
  expect(amountLabel(1999, "eur")).toBe("19.99 EUR");
  expect(amountLabel(null, "usd")).toBe("an amount Stripe did not give");
});

test("each kind of payment in words, with what it bought and whether it was Stripe's test mode", () => {
  expect(paymentLine(paid)).toBe("Paid $165.00 for the Unlimited CrossFit sign-up");
  expect(paymentLine({ ...paid, pending: true })).toBe("Bank payment of $165.00 on its way for the Unlimited CrossFit sign-up");
  expect(paymentLine({ ...paid, kind: "refunded", amount: 2000, what: "a drop-in" })).toBe("Refunded $20.00 of a drop-in");
  expect(paymentLine({ ...paid, kind: "failed", what: null, test: true })).toBe("Bank payment of $165.00 failed (Stripe test mode)");
});
