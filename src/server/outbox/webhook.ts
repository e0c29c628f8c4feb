import { createHmac } from "node:crypto";
import { errorSummary } from "../log";
import type { Delivery, MessageSettings, WebhookRequest } from "./delivery";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage } from "./types";
import type { VisitSource } from "../../forms/visitSource";

/** What a receiver gets (docs/operations.md describes it for the gym's integrator). */
export interface WebhookBody {
  /** The delivery ID, the same on every retry: the receiver drops a repeat by it. */
  id: string;
  event: "lead.created" | "lead.status";
  occurredAt: string;
  lead: {
    reference: string;
    form: string;
    receivedAt: string;
    status: string;
    fields: Record<string, unknown>;
    /** lead.created only: where the visit came from (src/forms/visitSource.ts); null when unknown. */
    source?: VisitSource | null;
  };
}

/** A receiver that neither answers nor fails within this time counts as failed; the outbox retries it. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Health information was given with consent for the gym to receive it; Washington's My Health My Data
 * Act needs separate consent to share it with anyone else, so it never leaves in a webhook. Nor does a
 * child's first name and age from a kids' trial class: the coach needs them, the lead is the parent.
 */
const NOT_SHARED = new Set(["healthInfo", "healthConsent", "childName", "childAge"]);

/**
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: Stripe's webhook signature
 * scheme, so receivers can reuse code written for it. The timestamp inside the signed text lets a
 * receiver refuse an old request replayed by someone who recorded it.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/** A lead event as the webhook's POST, built from the submission as it is now, signed at `now`. */
export function webhookDelivery(submission: StoredSubmission, message: ClaimedMessage, settings: MessageSettings): Delivery {
  const { event, status, deliveryId, source } = message.data ?? {};
  if (!event || !deliveryId) return { drop: "it has no event" };
  // Only queued while the webhook is set, and only claimed while it is (sender.ts): unset since, it waits.
  if (!settings.webhook) throw new Error("LEAD_WEBHOOK_URL is not set");
  const body: WebhookBody = {
    id: deliveryId,
    event,
    occurredAt: message.createdAt.toISOString(),
    lead: {
      reference: submission.id,
      form: submission.form,
      receivedAt: submission.createdAt.toISOString(),
      status: status ?? "new",
      fields: Object.fromEntries(Object.entries(submission.payload).filter(([name]) => !NOT_SHARED.has(name))),
      ...(event === "lead.created" && { source: source ?? null }),
    },
  };
  const text = JSON.stringify(body);
  return {
    webhook: {
      url: settings.webhook.url,
      body: text,
      headers: {
        "Content-Type": "application/json",
        "X-Delivery-Id": deliveryId,
        "X-Signature": signatureHeader(settings.webhook.secret, text, settings.now),
      },
    },
  };
}

/**
 * Posts one request: null when the receiver took it (2xx), else why not, as one log line that holds
 * neither the URL (its query may be a key) nor the body. A redirect is not followed: the lead goes only
 * to the address the gym set.
 */
export async function postWebhook(request: WebhookRequest, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<string | null> {
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read nothing of the answer, but free the connection.
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    // fetch says only "fetch failed"; why (refused, unknown host, TLS) is its cause.
    // By shape, not instanceof: the cause may come from another realm (see errorSummary).
    const { cause } = (typeof error === "object" && error !== null ? error : {}) as { cause?: unknown };
    return errorSummary(typeof cause === "object" && cause !== null ? cause : error)
      .split(request.url)
      .join("<LEAD_WEBHOOK_URL>");
  }
}
