import type { Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import { queueMessage } from "../outbox/store";
import { writeLead } from "./store";
import type { ReplyOperations } from "./types";

/**
 * Replies to leads and the owner's templates for them. A reply is one transaction: the outbox message,
 * a note on the lead saying what was sent, and the lead's answer: a New lead becomes Contacted (its first
 * response), and a lead already past New that nobody at the gym had answered (one the visitor's own
 * booking moved) gets its first response now.
 */
export function replyQueries(dialect: Dialect): ReplyOperations {
  const { db, codec } = dialect;
  return {
    async replyTemplates() {
      const rows = await db.selectFrom("reply_templates").selectAll().orderBy("name").execute();
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        subject: row.subject,
        body: row.body,
        updatedAt: toDate(row.updated_at),
        updatedBy: row.updated_by,
      }));
    },
    async saveReplyTemplate(template, by, at) {
      return dialect.write(async (trx) => {
        const clash = await trx
          .selectFrom("reply_templates")
          .select("id")
          .where("name", "=", template.name)
          .$if(template.id !== undefined, (query) => query.where("id", "!=", template.id!))
          .executeTakeFirst();
        if (clash) return "name-taken";
        const values = { name: template.name, subject: template.subject, body: template.body, updated_at: codec.time(at), updated_by: by };
        if (template.id === undefined) {
          await trx.insertInto("reply_templates").values(values).execute();
          return "saved";
        }
        const result = await trx.updateTable("reply_templates").set(values).where("id", "=", template.id).executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? "saved" : "not-found";
      });
    },
    async deleteReplyTemplate(id) {
      const result = await db.deleteFrom("reply_templates").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async queueReply(id, reply, by, at, { webhook = false } = {}) {
      return dialect.write(async (trx) => {
        const exists = await trx.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst();
        if (!exists) return false;
        await queueMessage(trx, codec, id, "reply", at, { data: { subject: reply.subject, text: reply.text } });
        // Who replied to which lead, in the same write as the reply: never one without the other, and
        // never what was written, nor to what address.
        await trx
          .insertInto("audit_log")
          .values({ at: codec.time(at), actor: by, action: "lead.reply", target: id })
          .execute();
        await trx
          .insertInto("lead_notes")
          .values({ submission_id: id, author: by, body: `E-mailed "${reply.subject}":\n\n${reply.text}`, created_at: codec.time(at) })
          .execute();
        const state = await trx.selectFrom("leads").select("status").where("submission_id", "=", id).executeTakeFirst();
        if (!state || state.status === "new") {
          await writeLead(trx, codec, id, { status: "contacted" }, by, at, { webhook });
        } else {
          await trx
            .updateTable("leads")
            .set({ first_response_at: codec.time(at) })
            .where("submission_id", "=", id)
            .where("first_response_at", "is", null)
            .execute();
        }
        return true;
      });
    },
  };
}
