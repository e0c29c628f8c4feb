import { StaffError, type StaffRoute } from "../guard";
import type { OutboxMessage, OutboxOperations } from "../../outbox/types";
import { GYM_ZONE } from "../../../time/zone";

/**
 * A message never tried that is due later (an intro's reminder): nothing is wrong with it, and sending
 * it now would be early, so it is shown as scheduled and cannot be retried (the store keeps its time).
 */
const isScheduled = (m: OutboxMessage, now: Date): boolean =>
  m.status === "pending" && m.attempts === 0 && m.nextAttemptAt !== null && m.nextAttemptAt > now;

/**
 * GET /api/staff/outbox: the messages not yet sent, or given up on, without their data (a token, a
 * webhook's event): kind, reference, attempts, next attempt, last error. POST {action: "retry", id?}:
 * that message, or every failed one, goes at the next delivery, which starts now.
 */
export const outbox: StaffRoute<OutboxOperations> = {
  kind: "staff",
  GET: {
    role: "owner",
    async run({ store, now }) {
      const messages = await store.outbox(["pending", "failed"]);
      return {
        json: {
          timeZone: GYM_ZONE,
          messages: messages.map((m) => ({
            id: m.id,
            kind: m.kind,
            reference: m.submissionId,
            status: m.status,
            attempts: m.attempts,
            nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
            lastError: m.lastError,
            createdAt: m.createdAt.toISOString(),
            scheduled: isScheduled(m, now),
          })),
        },
      };
    },
  },
  POST: {
    role: "owner",
    async run({ store, now, body, audit, kick }) {
      if (body.action !== "retry") throw new StaffError(400, 'Say "retry".');
      if (body.id === undefined) {
        const count = await store.retryFailed(now);
        await audit("outbox.retry-failed");
        kick();
        return { json: { message: `${count} failed message${count === 1 ? "" : "s"} queued again.` } };
      }
      if (typeof body.id !== "number" || !Number.isSafeInteger(body.id)) throw new StaffError(400, "Give the message's id.");
      const message = (await store.outbox(["pending", "failed"])).find((m) => m.id === body.id);
      if (message && isScheduled(message, now)) {
        throw new StaffError(409, "That message is not due yet: it goes at the time shown, as planned.");
      }
      if (!message || !(await store.retryMessage(message.id, now))) {
        throw new StaffError(404, "That message is no longer waiting: it was sent or deleted.");
      }
      await audit("outbox.retry", message.submissionId ?? undefined);
      kick();
      return { json: { message: "Queued again: it goes at the next delivery." } };
    },
  },
};
