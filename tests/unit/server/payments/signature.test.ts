import Stripe from "stripe";
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from "../../../../src/server/payments/signature";
import { checkoutSession, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../../../support/stripe";

/**
 * The webhook's check (src/server/payments/signature.ts), on events signed by the Stripe SDK's own
 * generateTestHeaderString as Stripe signs them: a valid one is taken; a wrong secret, a changed body,
 * no header and a signature older than Stripe's tolerance are each refused with a 400 and their own
 * reason; without a secret nothing can be checked (503).
 */

const paid = () => stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: "S-7K3M9QX2PA" }));
const now = () => Math.floor(Date.now() / 1000);

test("an event Stripe signed with this endpoint's secret is taken, as Stripe wrote it", () => {
  const event = paid();
  const { body, signature } = signed(event);
  const verified = verifyStripeEvent(TEST_WEBHOOK_SECRET, body, signature);
  expect(verified).toEqual({ ok: true, event });
  // The body may come as text too (a host that hands over a string), as long as it is the bytes sent.
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, body.toString("utf8"), signature)).toEqual({ ok: true, event });
});

test("the signature is over the bytes: the same event written again as JSON is refused", () => {
  // A name beyond ASCII and Stripe's own indentation: a parser and a writer in between change both.
  const event = stripeEvent(
    "checkout.session.completed",
    checkoutSession({ customer_details: { email: "zoe@example.com", name: "Zoë Ñúñez" } }),
  );
  const { body, signature } = signed(event);
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, body, signature).ok).toBe(true);
  const rewritten = Buffer.from(JSON.stringify(JSON.parse(body.toString("utf8"))));
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, rewritten, signature)).toMatchObject({
    ok: false,
    refusal: { status: 400, reason: "bad-signature" },
  });
  // A body already parsed into an object cannot be checked at all.
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, JSON.parse(body.toString("utf8")), signature)).toMatchObject({
    ok: false,
    refusal: { status: 400, reason: "not-raw" },
  });
});

test("another endpoint's secret, a changed body and a missing header are refused with a 400", () => {
  const { body, signature } = signed(paid());
  expect(verifyStripeEvent("whsec_anotherEndpointSecret0123456789abcd", body, signature)).toMatchObject({
    ok: false,
    refusal: { status: 400, reason: "bad-signature" },
  });
  const tampered = Buffer.from(body.toString("utf8").replace('"amount_total": 16500', '"amount_total": 1'));
  expect(tampered.equals(body)).toBe(false);
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, tampered, signature)).toMatchObject({
    ok: false,
    refusal: { status: 400, reason: "bad-signature" },
  });
  for (const missing of [undefined, "", "  "])
    expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, body, missing)).toMatchObject({
      ok: false,
      refusal: { status: 400, reason: "no-signature" },
    });
  // Two headers (a proxy that adds one) are not one signature.
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, body, [signature, signature])).toMatchObject({
    ok: false,
    refusal: { reason: "no-signature" },
  });
  for (const header of ["t=not-a-time,v1=abc", `t=${now()}`, signature.replace("v1=", "v0=")])
    expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, body, header)).toMatchObject({
      ok: false,
      refusal: { status: 400, reason: "bad-signature" },
    });
});

test("a signature older than Stripe's tolerance is refused as stale; one just within it is taken", () => {
  expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
  const receivedAt = Date.now();
  const at = Math.floor(receivedAt / 1000);
  const stale = signed(paid(), { timestamp: at - SIGNATURE_TOLERANCE_SECONDS - 1 });
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, stale.body, stale.signature, receivedAt)).toMatchObject({
    ok: false,
    refusal: { status: 400, reason: "stale" },
  });
  const edge = signed(paid(), { timestamp: at - SIGNATURE_TOLERANCE_SECONDS });
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, edge.body, edge.signature, receivedAt).ok).toBe(true);
  // A stale time stamp under a wrong signature is a wrong signature: the age is looked at only once the signature matches.
  expect(verifyStripeEvent("whsec_anotherEndpointSecret0123456789abcd", stale.body, stale.signature, receivedAt)).toMatchObject({
    refusal: { reason: "bad-signature" },
  });
});

test("without a secret nothing can be checked: 503, so Stripe sends the event again once it is set", () => {
  const { body, signature } = signed(paid());
  for (const secret of [undefined, ""])
    expect(verifyStripeEvent(secret, body, signature)).toMatchObject({ ok: false, refusal: { status: 503, reason: "not-set-up" } });
});

test("a signed body that is not an event (not JSON, or a thin event of Stripe's v2 API) is refused", () => {
  for (const payload of [
    "not json at all",
    JSON.stringify({ id: "evt_1", object: "v2.core.event", type: "v1.billing.meter.error_report_triggered" }),
  ]) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
    expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, Buffer.from(payload), signature)).toMatchObject({
      ok: false,
      refusal: { status: 400, reason: "not-an-event" },
    });
  }
  expect(verifyStripeEvent(TEST_WEBHOOK_SECRET, Buffer.alloc(0), `t=${now()},v1=abc`)).toMatchObject({ refusal: { reason: "not-raw" } });
});
