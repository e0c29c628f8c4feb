import Stripe from "stripe";
import type { WebhookRefusal } from "./types";

/**
 * Stripe's webhook (POST /api/stripe), checked before anything else is looked at: Stripe signs each
 * event with the endpoint's signing secret (STRIPE_WEBHOOK_SECRET, config.ts) over the raw body bytes
 * and a time stamp, in the Stripe-Signature header, and the official SDK's `webhooks.constructEvent`
 * checks both. The body must be the bytes as they arrived: JSON parsed and written again would not
 * match (server-options/stripeFunction.ts has Gatsby's wrapper, and host/functions.ts the production
 * server, hand it over unparsed).
 *
 * The only module that loads the SDK (about 300 ms on a small machine): the endpoint loads it when the
 * first event arrives, never with the forms.
 */

/** What a signed event is made of before the site reads it (events.ts). */
export type SignedEvent = { ok: true; event: unknown } | { ok: false; refusal: WebhookRefusal };

/** Stripe's default tolerance, in seconds: a signature older than this is refused (a replayed event). */
export const SIGNATURE_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

const NOT_SET_UP: WebhookRefusal = {
  status: 503,
  reason: "not-set-up",
  error: "Payments are not set up on this server (its Stripe webhook secret is missing or wrong): nothing was recorded.",
};
const NO_SIGNATURE: WebhookRefusal = {
  status: 400,
  reason: "no-signature",
  error: "No Stripe-Signature header: this address takes only events Stripe signs.",
};
const NOT_RAW: WebhookRefusal = {
  status: 400,
  reason: "not-raw",
  error: "The body must be the event exactly as Stripe sends it, as application/json.",
};
const BAD_SIGNATURE: WebhookRefusal = {
  status: 400,
  reason: "bad-signature",
  error: "The Stripe-Signature does not match this body and this endpoint's signing secret.",
};
const STALE: WebhookRefusal = {
  status: 400,
  reason: "stale",
  error: `The signature is older than Stripe's tolerance (${SIGNATURE_TOLERANCE_SECONDS} s): a replayed event is not recorded.`,
};
const NOT_AN_EVENT: WebhookRefusal = {
  status: 400,
  reason: "not-an-event",
  error: "The body is signed but is not a Stripe event.",
};

/**
 * The event in `body` when `signature` (the Stripe-Signature header) signs it with `secret` and is no
 * older than Stripe's tolerance, or why not: 503 while the server has no usable secret (nothing can be
 * checked; Stripe sends the event again later, for up to three days), 400 for anything else, before
 * anything is stored. `receivedAt` is the machine's clock, not the server's (TEST_SERVER_TIME moves that
 * one): the signature's age is measured against Stripe's clock, which is the world's.
 */
export function verifyStripeEvent(
  secret: string | undefined,
  body: unknown,
  signature: string | readonly string[] | undefined,
  receivedAt: number = Date.now(),
): SignedEvent {
  if (!secret) return { ok: false, refusal: NOT_SET_UP };
  if (typeof signature !== "string" || signature.trim() === "") return { ok: false, refusal: NO_SIGNATURE };
  // A parsed body (an object) cannot be checked: its bytes are gone. An empty one is not an event.
  if (!(Buffer.isBuffer(body) || typeof body === "string") || body.length === 0) return { ok: false, refusal: NOT_RAW };
  try {
    // The tolerance left undefined is the SDK's own default (SIGNATURE_TOLERANCE_SECONDS).
    return { ok: true, event: Stripe.webhooks.constructEvent(body, signature, secret, undefined, undefined, receivedAt) };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return { ok: false, refusal: NOT_AN_EVENT };
    // The SDK checks the signature first, so a stale time stamp is reported only on a signature that matches.
    return { ok: false, refusal: error.message.startsWith("Timestamp outside the tolerance zone") ? STALE : BAD_SIGNATURE };
  }
}
