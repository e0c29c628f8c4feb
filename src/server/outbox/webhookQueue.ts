import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Codec } from "../store/dialect";
import { queueMessage } from "./store";
import type { Database } from "../store/schema";
import type { FormName } from "../../forms/registry";
import type { OutboxData } from "./types";
import type { LeadStatus } from "../../desk/leads";
import type { VisitSource } from "../../forms/visitSource";

/**
 * Queues a lead event for the gym's webhook in the caller's transaction, so the event exists exactly
 * when the lead or its new status does. Its delivery ID is chosen now and kept through every retry, so
 * the receiver can drop a repeat. Spam is no lead; a privacy request is the visitor's legal request
 * about their data, not a sales lead, and is not copied into another tool.
 */
export async function queueWebhook(
  trx: Kysely<Database>,
  codec: Codec,
  submission: { id: string; form: FormName; spam: string | null },
  at: Date,
  event: { event: "lead.created"; source?: VisitSource | null } | { event: "lead.status"; status: LeadStatus },
): Promise<void> {
  if (submission.spam !== null || submission.form === "privacy-request") return;
  const data: OutboxData = { ...event, deliveryId: randomUUID() };
  await queueMessage(trx, codec, submission.id, "webhook", at, { data });
}
