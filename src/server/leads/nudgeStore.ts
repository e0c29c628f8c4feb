import type { Dialect } from "../store/dialect";
import { toSubmission } from "../store/rows";
import { queueMessage } from "../outbox/store";
import type { NudgeOperations } from "./types";

/**
 * What keeps a lead from being forgotten: the reminder of a lead still New, and the owner's morning
 * digest. Each is queued at most once, by the database's own rules (a unique index per lead's reminder,
 * the day's key in daily_digests), so two servers looking at the same minute queue one.
 */
export function nudgeQueries(dialect: Dialect): NudgeOperations {
  const { db, codec } = dialect;
  /**
   * The leads nobody has answered, not spam, not a privacy request: a sales form whose person nobody has
   * spoken to since (their own booking included), or a member's form still New (or never opened).
   */
  const stillNew = () =>
    db
      .selectFrom("submissions")
      .leftJoin("leads", "leads.submission_id", "submissions.id")
      .leftJoin("people", "people.id", "submissions.person_id")
      .where("submissions.spam", "is", null)
      .where("submissions.form", "!=", "privacy-request")
      .where((eb) =>
        eb.or([
          eb("people.waiting_since", "is not", null),
          eb.and([eb("submissions.person_id", "is", null), eb.or([eb("leads.status", "is", null), eb("leads.status", "=", "new")])]),
        ]),
      );
  return {
    async leadsStillNew(since) {
      const rows = await stillNew()
        .selectAll("submissions")
        .where("submissions.created_at", ">=", codec.time(since))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("outbox")
                .select("outbox.id")
                .whereRef("outbox.submission_id", "=", "submissions.id")
                .where("outbox.kind", "=", "lead-reminder"),
            ),
          ),
        )
        .orderBy("submissions.created_at")
        .execute();
      return rows.map((row) => toSubmission(row, codec));
    },
    async leadStillNew(id) {
      return (await stillNew().select("submissions.id").where("submissions.id", "=", id).executeTakeFirst()) !== undefined;
    },
    // Nothing but the lead: whom it goes to is found as it goes (nudges.ts prepareLeadReminder). The one
    // reminder a lead may have is the partial unique index outbox_one_lead_reminder (migration 10).
    queueLeadReminder: (id, at) => queueMessage(db, codec, id, "lead-reminder", at, { once: true }),
    async digestDone(day) {
      return (await db.selectFrom("daily_digests").select("day").where("day", "=", day).executeTakeFirst()) !== undefined;
    },
    async queueDigest(day, queue, at) {
      return dialect.write(async (trx) => {
        const claimed = await trx
          .insertInto("daily_digests")
          .values({ day, queued_at: codec.time(at) })
          .onConflict((conflict) => conflict.column("day").doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        // Only the day: what it says and to whom are found as it goes (nudges.ts prepareDigest).
        if (queue) await queueMessage(trx, codec, null, "digest", at, { data: { day } });
        return queue;
      });
    },
  };
}
