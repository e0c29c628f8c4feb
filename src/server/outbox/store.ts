import type { Kysely, Selectable } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { toDate, toDateOrNull, toSubmission } from "../store/rows";
import type { Database, OutboxTable, OutboxKind } from "../store/schema";
import { URGENT_KINDS, type ClaimedMessage, type OutboxData, type OutboxMessage, type OutboxOperations } from "./types";

export function toMessage(row: Selectable<OutboxTable>, codec: Codec): OutboxMessage {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: toDateOrNull(row.sent_at),
    createdAt: toDate(row.created_at),
    data: row.data === null ? null : (codec.payload(row.data) as OutboxData),
  };
}

/**
 * Queues a message in the caller's transaction (or alone, given the store's `db`), due at `at` unless
 * `dueAt` says later (a reminder): the one place an outbox row is written. `submissionId` is null only
 * for a sign-in link and the morning digest. With `once`, nothing is queued where a unique index of the
 * outbox already holds one (a lead's one reminder, migration 10). Whether a message was queued.
 */
export async function queueMessage(
  trx: Kysely<Database>,
  codec: Codec,
  submissionId: string | null,
  kind: OutboxKind,
  at: Date,
  { data, dueAt, once = false }: { data?: OutboxData; dueAt?: Date; once?: boolean } = {},
): Promise<boolean> {
  const time = codec.time(at);
  const insert = trx.insertInto("outbox").values({
    submission_id: submissionId,
    kind,
    status: "pending",
    attempts: 0,
    next_attempt_at: dueAt ? codec.time(dueAt) : time,
    created_at: time,
    data: data ? JSON.stringify(data) : null,
  });
  const result = await (once ? insert.onConflict((conflict) => conflict.doNothing()) : insert).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Kinds whose data is the message itself, not a token: kept when the outbox gives up on them. */
const KEPT_WHEN_GIVEN_UP: OutboxKind[] = ["reply", "lead-reminder", "digest", "instant-answer", "no-show-offer", "payment-alert", "text"];

export function outboxQueries(dialect: Dialect): OutboxOperations {
  const { db, codec } = dialect;
  return {
    async claimDue(now, limit, lockMs, kinds) {
      if (kinds?.length === 0) return [];
      const time = codec.time(now);
      const claimed = await dialect.write((trx) => {
        let choice = trx.selectFrom("outbox").select("id").where("status", "=", "pending");
        if (kinds) choice = choice.where("kind", "in", [...kinds]);
        const due = dialect.lockDue(
          choice
            .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", time)]))
            .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", time)]))
            // A sign-in link works for minutes: it goes before anything queued earlier (URGENT_KINDS).
            .orderBy((eb) =>
              eb
                .case()
                .when("kind", "in", [...URGENT_KINDS])
                .then(0)
                .else(1)
                .end(),
            )
            .orderBy("id")
            .limit(limit),
        );
        return trx
          .updateTable("outbox")
          .set({ locked_until: codec.time(new Date(now.getTime() + lockMs)) })
          .where("id", "in", due)
          .returningAll()
          .execute();
      });
      if (claimed.length === 0) return [];
      const ids = [...new Set(claimed.flatMap((row) => (row.submission_id === null ? [] : [row.submission_id])))];
      const rows = ids.length === 0 ? [] : await db.selectFrom("submissions").selectAll().where("id", "in", ids).execute();
      const submissions = new Map(rows.map((row) => [row.id, toSubmission(row, codec)]));
      // A submission deleted since its message was claimed has nothing left to send.
      return claimed
        .map((row) => toMessage(row, codec))
        .sort((a, b) => a.id - b.id)
        .flatMap((message): ClaimedMessage[] => {
          if (message.submissionId === null) return [message];
          const submission = submissions.get(message.submissionId);
          return submission ? [{ ...message, submission }] : [];
        });
    },
    async markSent(messageId, at, keep) {
      await db
        .updateTable("outbox")
        // Its data (a sign-in token, a visitor's cancel token) was only needed to write the message.
        .set((eb) => ({
          status: "sent",
          sent_at: codec.time(at),
          locked_until: null,
          attempts: eb("attempts", "+", 1),
          data: keep ? JSON.stringify(keep) : null,
        }))
        .where("id", "=", messageId)
        .execute();
    },
    async markFailed(messageId, error, retryAt) {
      await db
        .updateTable("outbox")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          last_error: error.slice(0, 1000),
          locked_until: null,
          status: retryAt ? "pending" : "failed",
          next_attempt_at: retryAt ? codec.time(retryAt) : null,
        }))
        .where("id", "=", messageId)
        .execute();
      // Given up: a token it carries (a sign-in link's, a cancel link's) must not outlive its one chance to
      // be sent. A message whose data is its text (a staff reply, a reminder, the digest) keeps it, so the
      // owner's Retry can still send it.
      // A message that went by text keeps its text's id alone (intro/reminderTexts.ts): a Retry then finds
      // that text, which Twilio may have taken, and never writes and sends a second.
      if (!retryAt) {
        const row = await db
          .selectFrom("outbox")
          .select("data")
          .where("id", "=", messageId)
          .where("kind", "not in", KEPT_WHEN_GIVEN_UP)
          .executeTakeFirst();
        if (row && row.data !== null) {
          const { textId } = codec.payload(row.data) as OutboxData;
          await db
            .updateTable("outbox")
            .set({ data: textId === undefined ? null : JSON.stringify({ textId }) })
            .where("id", "=", messageId)
            .execute();
        }
      }
    },
    async postpone(messageId, until) {
      await db
        .updateTable("outbox")
        .set({ next_attempt_at: codec.time(until), locked_until: null })
        .where("id", "=", messageId)
        .where("status", "=", "pending")
        .execute();
    },
    async outbox(statuses = ["pending", "sent", "failed"]) {
      if (statuses.length === 0) return [];
      const rows = await db.selectFrom("outbox").selectAll().where("status", "in", statuses).orderBy("id").execute();
      return rows.map((row) => toMessage(row, codec));
    },
    async retryFailed(now) {
      const result = await db
        .updateTable("outbox")
        .set({ status: "pending", next_attempt_at: codec.time(now) })
        .where("status", "=", "failed")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async retryMessage(messageId, now) {
      const result = await db
        .updateTable("outbox")
        .set({ status: "pending", next_attempt_at: codec.time(now) })
        .where("id", "=", messageId)
        // A message never tried that is due later (a reminder) keeps its time: a retry would send it early.
        .where((eb) => eb.or([eb("status", "=", "failed"), eb.and([eb("status", "=", "pending"), eb("attempts", ">", 0)])]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
