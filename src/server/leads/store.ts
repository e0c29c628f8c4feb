import type { Kysely } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database } from "../store/schema";
import type { Selectable } from "kysely";
import type { LeadsTable } from "../store/schema";
import { ANSWERING_STATUSES, VISITOR, type LeadChange, type LeadOperations, type LeadState } from "./types";
import { queueWebhook } from "../outbox/webhookQueue";
import { toVisitSource } from "../forms/store";

/**
 * Writes a lead's state in the caller's transaction: only the fields given change. Returns whether the
 * status changed, so a caller can tell a status change from a note or a date. With `webhook`, a status
 * change queues its "lead.status" webhook in the same transaction.
 *
 * A status change is kept in the lead's history (lead_events); the first one by staff to a status that
 * answers the visitor (ANSWERING_STATUSES) is its first response, written once.
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
    if (statusChanged) {
      await trx.insertInto("lead_events").values({ submission_id: id, at: time, actor: by, status: change.status }).execute();
      if (by !== VISITOR && ANSWERING_STATUSES.includes(change.status)) {
        await trx
          .updateTable("leads")
          .set({ first_response_at: time })
          .where("submission_id", "=", id)
          .where("first_response_at", "is", null)
          .execute();
      }
    }
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

export function toLeadState(row: Omit<Selectable<LeadsTable>, "submission_id">): LeadState {
  return {
    status: row.status,
    followUpOn: row.follow_up_on,
    answeredAt: row.answered_at === null ? null : toDate(row.answered_at),
    updatedAt: toDate(row.updated_at),
    updatedBy: row.updated_by,
    firstResponseAt: row.first_response_at === null ? null : toDate(row.first_response_at),
  };
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
      return new Map(rows.map((row) => [row.submission_id, toLeadState(row)]));
    },
    async notes(id) {
      const rows = await db.selectFrom("lead_notes").selectAll().where("submission_id", "=", id).orderBy("id").execute();
      return rows.map((row) => ({ author: row.author, body: row.body, createdAt: toDate(row.created_at) }));
    },
    async leadSource(id) {
      const row = await db.selectFrom("lead_sources").selectAll().where("submission_id", "=", id).executeTakeFirst();
      return row ? toVisitSource(row) : null;
    },
    async events(id) {
      const rows = await db.selectFrom("lead_events").selectAll().where("submission_id", "=", id).orderBy("id").execute();
      return rows.map((row) => ({ status: row.status, actor: row.actor, at: toDate(row.at) }));
    },
  };
}
