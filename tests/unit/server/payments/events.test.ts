import { readPaymentEvent } from "../../../../src/server/payments/events";
import { verifyStripeEvent } from "../../../../src/server/payments/signature";
import { checkoutSession, refundedCharge, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../../../support/stripe";

/**
 * What the site reads from the events it records (src/server/payments/events.ts), on events as Stripe
 * sends them, through the signature check first as the endpoint does.
 */

function verified(event: unknown): unknown {
  const { body, signature } = signed(event);
  const result = verifyStripeEvent(TEST_WEBHOOK_SECRET, body, signature);
  if (!result.ok) throw new Error(`not verified: ${result.refusal.reason}`);
  return result.event;
}

test("a completed sign-up's payment: the reference, the amount in cents, Stripe's ids, the payer's address, when", () => {
  const session = checkoutSession({ client_reference_id: "S-7K3M9QX2PA" });
  const event = stripeEvent("checkout.session.completed", session, { created: 1_795_000_000 });
  expect(readPaymentEvent(verified(event))).toEqual({
    kind: "payment",
    facts: {
      eventId: event.id,
      type: "checkout.session.completed",
      at: new Date(1_795_000_000_000),
      livemode: false,
      sessionId: session.id,
      clientReferenceId: "S-7K3M9QX2PA",
      paymentStatus: "paid",
      mode: "subscription",
      amountTotal: 16500,
      currency: "usd",
      customerId: session.customer,
      paymentIntentId: null,
      subscriptionId: session.subscription,
      paymentLinkId: session.payment_link,
      email: "sam@example.com",
    },
  });
});

test("a drop-in paid once: its payment intent, which a refund names later", () => {
  const session = checkoutSession({
    client_reference_id: "V-00000000ZZ",
    mode: "payment",
    amount_total: 2000,
    amount_subtotal: 2000,
    subscription: null,
    invoice: null,
    payment_intent: "pi_3QdropInPayment0000000",
    // Expanded objects are read by their id too.
    customer: { id: "cus_expanded000000", object: "customer" },
  });
  const read = readPaymentEvent(verified(stripeEvent("checkout.session.completed", session, { livemode: true })));
  expect(read).toMatchObject({
    kind: "payment",
    facts: {
      clientReferenceId: "V-00000000ZZ",
      mode: "payment",
      amountTotal: 2000,
      paymentIntentId: "pi_3QdropInPayment0000000",
      subscriptionId: null,
      customerId: "cus_expanded000000",
      livemode: true,
    },
  });
});

test("a link used without the site's query: no reference, kept as such", () => {
  const session = checkoutSession({ client_reference_id: null, customer_details: null, customer: null });
  expect(readPaymentEvent(verified(stripeEvent("checkout.session.completed", session)))).toMatchObject({
    kind: "payment",
    facts: { clientReferenceId: null, email: null, customerId: null },
  });
});

test("a bank payment that failed after the session completed", () => {
  const session = checkoutSession({ client_reference_id: "S-7K3M9QX2PA", payment_status: "unpaid" });
  expect(readPaymentEvent(verified(stripeEvent("checkout.session.async_payment_failed", session)))).toMatchObject({
    kind: "payment",
    facts: { type: "checkout.session.async_payment_failed", paymentStatus: "unpaid", clientReferenceId: "S-7K3M9QX2PA" },
  });
});

test("a refund, whole or in part: what was charged and what has been refunded so far", () => {
  const charge = refundedCharge({ amount: 16500, amount_refunded: 5000, refunded: false });
  const event = stripeEvent("charge.refunded", charge);
  expect(readPaymentEvent(verified(event))).toEqual({
    kind: "payment",
    facts: {
      eventId: event.id,
      type: "charge.refunded",
      at: new Date(event.created * 1000),
      livemode: false,
      chargeId: charge.id,
      paymentIntentId: charge.payment_intent,
      customerId: charge.customer,
      amount: 16500,
      amountRefunded: 5000,
      currency: "usd",
      refunded: false,
    },
  });
});

test("an event of another type is ignored, by its id and type", () => {
  const event = stripeEvent("payment_intent.succeeded", { id: "pi_1", object: "payment_intent", amount: 2000 });
  expect(readPaymentEvent(verified(event))).toEqual({ kind: "ignored", eventId: event.id, type: "payment_intent.succeeded" });
});

test("a recorded type whose object lacks what the site reads is unreadable, saying which field, never a value", () => {
  const { payment_status: _status, ...session } = checkoutSession({ client_reference_id: "S-7K3M9QX2PA" });
  const event = stripeEvent("checkout.session.completed", session);
  expect(readPaymentEvent(verified(event))).toEqual({
    kind: "unreadable",
    eventId: event.id,
    type: "checkout.session.completed",
    problem: "session.payment_status: missing",
  });
  const cents = stripeEvent("charge.refunded", refundedCharge({ amount_refunded: 12.5 }));
  expect(readPaymentEvent(verified(cents))).toMatchObject({
    kind: "unreadable",
    problem: "charge.amount_refunded: not as Stripe documents it",
  });
  const noEnvelope = { id: "evt_1", type: "checkout.session.completed" };
  expect(readPaymentEvent(noEnvelope)).toMatchObject({ kind: "unreadable", eventId: "evt_1", type: "checkout.session.completed" });
  expect(readPaymentEvent("text")).toMatchObject({ kind: "unreadable", eventId: null, type: null });
  const problem = readPaymentEvent(verified(stripeEvent("checkout.session.completed", { ...session, payment_status: "sam@example.com" })));
  expect(JSON.stringify(problem)).not.toContain("sam@example.com");
});
