import type { Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import { queueMessage } from "../outbox/store";
import { answerPerson, lockedPerson, newestForm, writeLead } from "./store";
import type { ReplyOperations } from "./types";

/**
 * Replies to leads and the owner's templates for them. A reply is one transaction: the outbox message,
 * a line saying what was sent (on the person's timeline, or a note on a member's form), and the answer:
 * a New person becomes Contacted, and a person already past New that nobody at the gym had spoken to (one
 * whose own booking moved them) is answered now; the first answer is their first response.
 */
export function replyQueries(dialect: Dialect): ReplyOperations {
  const { db, codec } = dialect;
  return {
    async replyTemplates() {
      const rows = await db.selectFrom("reply_templates").selectAll().orderBy("name").execute();
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        channel: row.channel,
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
        const values = {
          name: template.name,
          // An e-mail reply's when none is named; a template keeps its channel unless the save names one.
          ...(template.channel !== undefined ? { channel: template.channel } : template.id === undefined && { channel: "email" as const }),
          subject: template.channel === "text" ? "" : template.subject,
          body: template.body,
          updated_at: codec.time(at),
          updated_by: by,
        };
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
        const person = await lockedPerson(trx, dialect, id);
        // To a person, the reply answers their newest form (its address is theirs, and the one their page
        // shows), whichever of their forms' references the page was opened by.
        const to = person ? (await newestForm(trx, person))?.id : exists?.id;
        if (!to) return false;
        await queueMessage(trx, codec, to, "reply", at, { data: { subject: reply.subject, text: reply.text } });
        // Who replied to which lead, in the same write as the reply: never one without the other, and
        // never what was written, nor to what address.
        await trx
          .insertInto("audit_log")
          .values({ at: codec.time(at), actor: by, action: "lead.reply", target: id })
          .execute();
        const body = `E-mailed "${reply.subject}":\n\n${reply.text}`;
        if (person) {
          await trx
            .insertInto("person_events")
            .values({ person_id: person, at: codec.time(at), actor: by, kind: "reply", body, submission_id: to })
            .execute();
          const state = await trx.selectFrom("people").select("status").where("id", "=", person).executeTakeFirstOrThrow();
          if (state.status === "new") await writeLead(trx, dialect, person, { status: "contacted" }, by, at, { webhook });
          await answerPerson(trx, codec, person, by, at);
          return true;
        }
        await trx
          .insertInto("lead_notes")
          .values({ submission_id: to, author: by, body, created_at: codec.time(at) })
          .execute();
        const state = await trx.selectFrom("leads").select("status").where("submission_id", "=", to).executeTakeFirst();
        if (!state || state.status === "new") {
          await writeLead(trx, dialect, to, { status: "contacted" }, by, at, { webhook });
        } else {
          await trx
            .updateTable("leads")
            .set({ first_response_at: codec.time(at) })
            .where("submission_id", "=", to)
            .where("first_response_at", "is", null)
            .execute();
        }
        return true;
      });
    },
  };
}
