import type { Kysely } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database } from "../store/schema";
import type { LeadChange, LeadOperations } from "./types";
import { queueWebhook } from "../outbox/webhookQueue";

/**
 * Writes a lead's state in the caller's transaction: only the fields given change. Returns whether the
 * status changed, so a caller can tell a status change from a note or a date. With `webhook`, a status
 * change queues its "lead.status" webhook in the same transaction.
 *
 * No read-then-write: two staff changing one lead at once (PostgreSQL runs them side by side) each
 * change only their own fields, and exactly one of two equal status changes counts as a change.
 */
export async function writeLead(
  trx: Kysely<Database>,
  codec: Codec,
  id: string,
  change: LeadChange,
  by: string,
  at: Date,
  { webhook = false }: { webhook?: boolean } = {},
): Promise<{ statusChanged: boolean } | undefined> {
  const submission = await trx.selectFrom("submissions").select(["id", "form", "spam"]).where("id", "=", id).executeTakeFirst();
  if (!submission) return undefined;
  const time = codec.time(at);
  // A lead nobody has touched has no row (it is New): two first changes at once both find the one row.
  await trx
    .insertInto("leads")
    .values({ submission_id: id, status: "new", follow_up_on: null, answered_at: null, updated_at: time, updated_by: by })
    .onConflict((conflict) => conflict.column("submission_id").doNothing())
    .execute();
  let statusChanged = false;
  if (change.status !== undefined) {
    const result = await trx
      .updateTable("leads")
      .set({ status: change.status })
      .where("submission_id", "=", id)
      .where("status", "!=", change.status)
      .executeTakeFirst();
    statusChanged = Number(result.numUpdatedRows) > 0;
  }
  await trx
    .updateTable("leads")
    .set({
      updated_at: time,
      updated_by: by,
      ...(change.followUpOn !== undefined && { follow_up_on: change.followUpOn }),
      ...(change.answered !== undefined && { answered_at: change.answered ? time : null }),
    })
    .where("submission_id", "=", id)
    .execute();
  if (webhook && statusChanged && change.status) {
    await queueWebhook(trx, codec, submission, at, { event: "lead.status", status: change.status });
  }
  return { statusChanged };
}

export function leadQueries(dialect: Dialect): LeadOperations {
  const { db, codec } = dialect;
  return {
    async updateLead(id, change, by, at, options) {
      const result = await dialect.write((trx) => writeLead(trx, codec, id, change, by, at, options));
      return result !== undefined;
    },
    async addNote(id, author, body, at) {
      return dialect.write(async (trx) => {
        const exists = await trx.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst();
        if (!exists) return false;
        await trx
          .insertInto("lead_notes")
          .values({ submission_id: id, author, body, created_at: codec.time(at) })
          .execute();
        return true;
      });
    },
    async leadStates(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom("leads")
        .selectAll()
        .where("submission_id", "in", [...ids])
        .execute();
      return new Map(
        rows.map((row) => [
          row.submission_id,
          {
            status: row.status,
            followUpOn: row.follow_up_on,
            answeredAt: row.answered_at === null ? null : toDate(row.answered_at),
            updatedAt: toDate(row.updated_at),
            updatedBy: row.updated_by,
          },
        ]),
      );
    },
    async notes(id) {
      const rows = await db.selectFrom("lead_notes").selectAll().where("submission_id", "=", id).orderBy("id").execute();
      return rows.map((row) => ({ author: row.author, body: row.body, createdAt: toDate(row.created_at) }));
    },
  };
}
