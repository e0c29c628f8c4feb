import Stripe from "stripe";

/**
 * Stripe's webhook events for the tests, without the network: bodies shaped as Stripe sends them
 * (pretty-printed JSON, the objects' fields as its API documents them) and signed by the official
 * SDK's own `webhooks.generateTestHeaderString`, as Stripe signs them: over the raw body and a time
 * stamp, with the endpoint's signing secret.
 */

/** A signing secret as Stripe's dashboard shows one (`whsec_` and random characters); for the tests only. */
export const TEST_WEBHOOK_SECRET = "whsec_test5Yq2mV8rT3xK9pL4nB7cD1fG6hJ0sW2e";

let counter = 0;
/** A Stripe-looking id: `prefix_` and 24 characters, new on every call. */
export function stripeId(prefix: string): string {
  counter += 1;
  return `${prefix}_${`T${Date.now().toString(36)}${counter.toString(36)}`.padEnd(24, "x").slice(0, 24)}`;
}

/** An event envelope around `object`, as Stripe sends one to a webhook endpoint. */
export function stripeEvent(type: string, object: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    id: stripeId("evt"),
    object: "event",
    api_version: "2025-03-31.basil",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...overrides,
  };
}

/** A payment link's Checkout Session, completed and paid by card: a monthly plan's subscription by default. */
export function checkoutSession(fields: Record<string, unknown> = {}) {
  return {
    id: stripeId("cs_test"),
    object: "checkout.session",
    after_expiration: null,
    allow_promotion_codes: false,
    amount_subtotal: 16500,
    amount_total: 16500,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: "auto",
    cancel_url: "https://stripe.com",
    client_reference_id: null,
    consent: null,
    created: Math.floor(Date.now() / 1000) - 90,
    currency: "usd",
    custom_fields: [],
    customer: stripeId("cus"),
    customer_creation: "always",
    customer_details: {
      address: { city: null, country: "US", line1: null, line2: null, postal_code: "98338", state: null },
      email: "sam@example.com",
      name: "Sam Lee",
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    },
    expires_at: Math.floor(Date.now() / 1000) + 86_310,
    invoice: stripeId("in"),
    livemode: false,
    locale: "auto",
    metadata: {},
    mode: "subscription",
    payment_intent: null,
    payment_link: stripeId("plink"),
    payment_method_types: ["card"],
    payment_status: "paid",
    status: "complete",
    subscription: stripeId("sub"),
    success_url: "https://stripe.com",
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: null,
    ...fields,
  };
}

/** A card charge for a one-time payment (a drop-in), refunded in whole by default. */
export function refundedCharge(fields: Record<string, unknown> = {}) {
  return {
    id: stripeId("ch"),
    object: "charge",
    amount: 2000,
    amount_captured: 2000,
    amount_refunded: 2000,
    billing_details: { address: { postal_code: "98338" }, email: "vic@example.com", name: "Vic Visitor", phone: null },
    captured: true,
    created: Math.floor(Date.now() / 1000) - 3600,
    currency: "usd",
    customer: stripeId("cus"),
    description: null,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: stripeId("pi"),
    payment_method: stripeId("pm"),
    receipt_email: "vic@example.com",
    refunded: true,
    status: "succeeded",
    ...fields,
  };
}

/** The body as Stripe writes it (two-space JSON) and its Stripe-Signature header. */
export function signed(
  event: unknown,
  { secret = TEST_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
): { body: Buffer; signature: string } {
  const payload = `${JSON.stringify(event, null, 2)}\n`;
  return { body: Buffer.from(payload, "utf8"), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}
