/**
 * The payments feature's records: Stripe's webhook events as the site reads them (events.ts), after
 * their signature is checked (signature.ts). Types only.
 */

/** Why a webhook request was not taken: its status and words for Stripe's dashboard, and a code for the log. */
export interface WebhookRefusal {
  status: 400 | 503;
  reason: "not-set-up" | "no-signature" | "not-raw" | "bad-signature" | "stale" | "not-an-event";
  error: string;
}

/** The events the site records; Stripe's dashboard sends only those chosen for the endpoint. */
export const PAYMENT_EVENT_TYPES = ["checkout.session.completed", "checkout.session.async_payment_failed", "charge.refunded"] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** What every recorded event carries: Stripe's id for it (each is handled once, however often it comes), its time and mode. */
export interface EventFacts {
  /** `evt_...`: Stripe sends an event again until it is answered 2xx, always with the same id. */
  eventId: string;
  type: PaymentEventType;
  /** When Stripe made the event (the payment completed, the refund was made). */
  at: Date;
  /** False for an event of Stripe's test mode (test cards, `buy.stripe.com/test_...` links). */
  livemode: boolean;
}

/**
 * A payment link's Checkout Session, completed (`checkout.session.completed`) or whose delayed bank
 * payment failed (`checkout.session.async_payment_failed`). Amounts are in the currency's smallest unit
 * (cents), as Stripe counts them. What was bought is the link (`paymentLinkId`) and, through the
 * reference, the plan the sign-up chose: the session's line items are not in the event.
 */
export interface CheckoutFacts extends EventFacts {
  type: "checkout.session.completed" | "checkout.session.async_payment_failed";
  /** `cs_...` */
  sessionId: string;
  /** The `client_reference_id` the "Pay now" address carried (a sign-up's or drop-in's reference), as Stripe kept it. */
  clientReferenceId: string | null;
  /** "paid" for a card; "unpaid" while a bank payment is on its way; "no_payment_required" for a free first period. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  mode: "payment" | "subscription" | "setup";
  amountTotal: number | null;
  /** ISO 4217, lower case as Stripe writes it ("usd"). */
  currency: string | null;
  /** `cus_...`, when Stripe made or found a customer. */
  customerId: string | null;
  /** `pi_...` for a one-time payment: what a later refund names (RefundFacts). */
  paymentIntentId: string | null;
  /** `sub_...` for a monthly plan's subscription. */
  subscriptionId: string | null;
  /** `plink_...`: which of the gym's payment links was used. */
  paymentLinkId: string | null;
  /** The address the payer gave on Stripe's page (the "Pay now" address prefilled it; they may have changed it). */
  email: string | null;
}

/** A charge refunded in whole or in part (`charge.refunded`; a second partial refund is another event). */
export interface RefundFacts extends EventFacts {
  type: "charge.refunded";
  /** `ch_...` */
  chargeId: string;
  /** The payment it belongs to: the session's `paymentIntentId` for a one-time payment. */
  paymentIntentId: string | null;
  customerId: string | null;
  /** What was charged, and what has been refunded of it so far (all refunds together), in the smallest unit. */
  amount: number;
  amountRefunded: number;
  currency: string;
  /** Refunded in whole. */
  refunded: boolean;
}

export type PaymentFacts = CheckoutFacts | RefundFacts;

/**
 * A verified event as the site reads it: what it records of it; an event of another type (answered 2xx
 * and not recorded: the endpoint may be sent more than it needs); or one of the recorded types whose
 * object lacks what the site reads (kept and shown to the owner, never silently dropped).
 */
export type ReadEvent =
  | { kind: "payment"; facts: PaymentFacts }
  | { kind: "ignored"; eventId: string; type: string }
  | { kind: "unreadable"; eventId: string | null; type: string | null; problem: string };

export { PAYMENT_ACTOR } from "../../desk/payments";

/** What recording an event did: recorded now (with what it matched), or already recorded by its event id. */
export type RecordOutcome =
  | { state: "duplicate" }
  | {
      state: "recorded";
      kind: "completed" | "refunded" | "failed";
      /** The form of the reference, when it is a sign-up's or a drop-in's. */
      form: "signup" | "drop-in" | null;
      person: string | null;
      /** A sign-up's person (or the sign-up itself) became Joined by it. */
      joined: boolean;
      /** The owner was alerted: a completed payment whose reference matches no sign-up or drop-in. */
      alerted: boolean;
    };

/** A recorded payment as the console and the access download show it: amounts in cents. */
export interface PaymentRecord {
  eventId: string;
  kind: "completed" | "refunded" | "failed";
  reference: string | null;
  form: string | null;
  person: string | null;
  amount: number | null;
  currency: string | null;
  bought: string | null;
  paymentStatus: string | null;
  sessionId: string | null;
  customerId: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  mode: "live" | "test";
  at: Date;
}

export interface PaymentOperations {
  /**
   * Records a verified event (events.ts) once by its event id, in one transaction with what it changes:
   * a paid sign-up's person (and the sign-up) Joined, a drop-in paid, the owner alerted of a payment
   * whose reference matches none. `receivedAt` is the server's clock.
   */
  recordPayment(facts: PaymentFacts, receivedAt: Date): Promise<RecordOutcome>;
  /** The payments of these forms' references or of this person, oldest first. */
  paymentsOf(which: { references?: readonly string[]; person?: string }): Promise<PaymentRecord[]>;
}
