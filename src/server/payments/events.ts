import { z } from "zod";
import { PAYMENT_EVENT_TYPES, type CheckoutFacts, type PaymentEventType, type ReadEvent, type RefundFacts } from "./types";

/**
 * What the site reads from a verified Stripe event (signature.ts): only the fields it records, checked
 * rather than trusted to a type, since what Stripe sends follows the API version the endpoint was made
 * with in Stripe's dashboard. Pure.
 */

/** An id Stripe writes as a string, or as the object when it was expanded (never in a webhook, but allowed). */
const idOf = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((object) => object.id)]);
const optionalId = idOf.nullish().transform((id) => id ?? null);
const amount = z.number().int().nonnegative();

const envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().positive(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.unknown()) }),
});

const session = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  mode: z.enum(["payment", "subscription", "setup"]),
  amount_total: amount.nullish(),
  currency: z.string().min(1).nullish(),
  customer: optionalId,
  payment_intent: optionalId,
  subscription: optionalId,
  payment_link: optionalId,
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
});

const charge = z.object({
  id: z.string().min(1),
  payment_intent: optionalId,
  customer: optionalId,
  amount,
  amount_refunded: amount,
  currency: z.string().min(1),
  refunded: z.boolean(),
});

const isPaymentEvent = (type: string): type is PaymentEventType => (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);

/**
 * The first problem zod found, as "field: missing" or "field: not as Stripe documents it". Never zod's
 * own message, which can quote the value ("received '...'"), and a value may be someone's address.
 */
function problemOf(error: z.ZodError, what: string): string {
  const issue = error.issues[0];
  const field = `${what}${issue && issue.path.length > 0 ? `.${issue.path.join(".")}` : ""}`;
  const missing = issue?.code === z.ZodIssueCode.invalid_type && issue.received === z.ZodParsedType.undefined;
  return `${field}: ${missing ? "missing" : "not as Stripe documents it"}`;
}

/** A verified event (signature.ts's `event`) as the site reads it (types.ts, ReadEvent). */
export function readPaymentEvent(event: unknown): ReadEvent {
  const outer = envelope.safeParse(event);
  if (!outer.success) {
    const partial = z.object({ id: z.string(), type: z.string() }).partial().safeParse(event);
    const known = partial.success ? partial.data : {};
    return { kind: "unreadable", eventId: known.id ?? null, type: known.type ?? null, problem: problemOf(outer.error, "event") };
  }
  const { id: eventId, type, created, livemode, data } = outer.data;
  if (!isPaymentEvent(type)) return { kind: "ignored", eventId, type };
  const common = { eventId, at: new Date(created * 1000), livemode };
  if (type === "charge.refunded") {
    const read = charge.safeParse(data.object);
    if (!read.success) return { kind: "unreadable", eventId, type, problem: problemOf(read.error, "charge") };
    const facts: RefundFacts = {
      ...common,
      type,
      chargeId: read.data.id,
      paymentIntentId: read.data.payment_intent,
      customerId: read.data.customer,
      amount: read.data.amount,
      amountRefunded: read.data.amount_refunded,
      currency: read.data.currency,
      refunded: read.data.refunded,
    };
    return { kind: "payment", facts };
  }
  const read = session.safeParse(data.object);
  if (!read.success) return { kind: "unreadable", eventId, type, problem: problemOf(read.error, "session") };
  const facts: CheckoutFacts = {
    ...common,
    type,
    sessionId: read.data.id,
    clientReferenceId: read.data.client_reference_id ?? null,
    paymentStatus: read.data.payment_status,
    mode: read.data.mode,
    amountTotal: read.data.amount_total ?? null,
    currency: read.data.currency ?? null,
    customerId: read.data.customer,
    paymentIntentId: read.data.payment_intent,
    subscriptionId: read.data.subscription,
    paymentLinkId: read.data.payment_link,
    email: read.data.customer_details?.email ?? null,
  };
  return { kind: "payment", facts };
}
