import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { apiHeaders, refuse, storeUnavailable, type Runtime } from "../http/pipeline";
import { errorSummary } from "../log";
import { serverConfig, serverNow } from "../process/settings";
import { readPaymentEvent } from "./events";
import { verifyStripeEvent } from "./signature";
import type { PaymentOperations } from "./types";

const UNAVAILABLE = "The payment could not be recorded just now: nothing was stored. Send the event again.";

/**
 * POST /api/stripe, Stripe's webhook: the signature checked first (signature.ts: 400 for anything
 * unsigned, wrongly signed or stale, 503 without a secret, nothing stored), then the event read
 * (events.ts) and recorded once by its id (store.ts), with what it changes, in one transaction. An
 * event of another type is answered 200 and not recorded; one of the recorded types that lacks what the
 * site reads is a 422 naming the field, so Stripe's dashboard shows it failed and sends it again. A store
 * that cannot commit is a 503: Stripe sends the event again, for up to three days. The log says what
 * happened by the event's id and type, never an amount, an address or the reference.
 */
export async function stripeWebhook(
  runtime: Runtime<PaymentOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): Promise<void> {
  apiHeaders(res, { noindex: true });
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    refuse(res, { status: 405, error: "Stripe's webhook takes POST only." });
    return;
  }
  const checked = verifyStripeEvent(serverConfig().stripeWebhookSecret, req.body, req.headers["stripe-signature"]);
  if (!checked.ok) {
    console.error(`Stripe webhook refused (${checked.refusal.reason})`);
    refuse(res, checked.refusal);
    return;
  }
  const read = readPaymentEvent(checked.event);
  if (read.kind === "ignored") {
    res.status(200).json({ received: true, recorded: false });
    return;
  }
  if (read.kind === "unreadable") {
    console.error(`Stripe webhook: event ${read.eventId ?? "without an id"} (${read.type ?? "no type"}) not recorded: ${read.problem}`);
    refuse(res, { status: 422, error: `The event could not be read (${read.problem}): nothing was recorded.` });
    return;
  }
  const { facts } = read;
  try {
    const store = await runtime.store();
    const outcome = await store.recordPayment(facts, serverNow());
    if (outcome.state === "recorded" && outcome.alerted) {
      console.error(`Stripe webhook: event ${facts.eventId} matches no sign-up or drop-in; the owner is alerted`);
      runtime.kick();
    }
    res.status(200).json({ received: true, recorded: outcome.state === "recorded", duplicate: outcome.state === "duplicate" });
  } catch (error) {
    console.error(`Stripe webhook: event ${facts.eventId} (${facts.type}) could not be recorded: ${errorSummary(error)}`);
    refuse(res, storeUnavailable(UNAVAILABLE));
  }
}
