import { confirmedRecently, takeSlot } from "../intro/bookings";
import type { Dialect } from "../store/dialect";
import { mailHeldBooking, mintCancelToken, queueReminder } from "../intro/store";
import { queueMessage } from "../outbox/store";
import { mintConfirmationLink } from "../privacy/requestStore";
import { toSubmission } from "../store/rows";
import { toVisitSource, writeLead } from "../leads/store";
import { VISITOR } from "../leads/types";
import { REPEAT_WINDOW_MS, type ListFilter, type SubmissionOperations } from "./types";
import { queueWebhook } from "../outbox/webhookQueue";

export function submissionQueries(dialect: Dialect): SubmissionOperations {
  const { db, codec } = dialect;
  return {
    async insert(submission) {
      const { id, form, payload, spam, booking, waiver, fingerprint = null, sentKeyHash = null } = submission;
      return dialect.write(async (trx) => {
        const createdAt = codec.time(submission.createdAt);
        if (fingerprint) {
          await dialect.lockFingerprint(trx, fingerprint);
          const since = codec.time(new Date(submission.createdAt.getTime() - REPEAT_WINDOW_MS));
          const repeat = await trx
            .selectFrom("submissions")
            .select("id")
            .where("fingerprint", "=", fingerprint)
            .where("created_at", ">=", since)
            .where("spam", "is", null)
            .executeTakeFirst();
          if (repeat) {
            // The repeat's page opens with its own key; the first send's key no longer does.
            if (sentKeyHash) await trx.updateTable("submissions").set({ sent_key_hash: sentKeyHash }).where("id", "=", repeat.id).execute();
            // Answered as the first send was: with its e-mail to the visitor, if one was queued.
            const confirmation = await trx
              .selectFrom("outbox")
              .select("id")
              .where("submission_id", "=", repeat.id)
              .where("kind", "=", "confirmation")
              .executeTakeFirst();
            return { confirmationQueued: confirmation !== undefined, repeatOf: repeat.id };
          }
          // A fingerprint is kept only while a repeat could come: older ones (and the same fields sent
          // long ago, now a new message) are let go.
          await trx
            .updateTable("submissions")
            .set({ fingerprint: null })
            .where("fingerprint", "is not", null)
            .where((eb) => eb.or([eb("fingerprint", "=", fingerprint), eb("created_at", "<", since)]))
            .execute();
        }
        await trx
          .insertInto("submissions")
          .values({ id, form, created_at: createdAt, payload: JSON.stringify(payload), spam, fingerprint, sent_key_hash: sentKeyHash })
          .execute();
        if (submission.source) {
          const { landingPage, referrerHost, utmSource, utmMedium, utmCampaign } = submission.source;
          await trx
            .insertInto("lead_sources")
            .values({
              submission_id: id,
              landing_page: landingPage,
              referrer_host: referrerHost,
              utm_source: utmSource,
              utm_medium: utmMedium,
              utm_campaign: utmCampaign,
            })
            .execute();
        }
        if (waiver) {
          await trx
            .insertInto("waivers")
            .values({ version: waiver.version, text: waiver.text, first_accepted_at: createdAt })
            .onConflict((conflict) => conflict.column("version").doNothing())
            .execute();
        }
        const cancel = mintCancelToken();
        if (booking) await takeSlot(dialect, trx, id, booking, submission.createdAt, cancel.hash);
        if (spam) return { confirmationQueued: false };
        // A privacy request is acted on only once the person whose address it names confirms it: they get
        // the link, and staff their alert when it is used (privacy/requestStore.ts).
        if (form === "privacy-request") {
          if (submission.notify) await mintConfirmationLink(trx, codec, id, submission.createdAt);
        } else if (submission.notify) await queueMessage(trx, codec, id, "staff", submission.createdAt);
        if (submission.webhook) {
          await queueWebhook(trx, codec, submission, submission.createdAt, { event: "lead.created", source: submission.source ?? null });
        }
        // The visitor booked their own intro: the lead is past New (never "late"), though nobody at the gym has
        // answered yet. After lead.created, so the gym's tool hears of the lead before its new status.
        if (booking) {
          await writeLead(trx, codec, id, { status: "intro-booked" }, VISITOR, submission.createdAt, { webhook: submission.webhook });
        }
        if (submission.alreadyBooked && submission.confirm) {
          return {
            confirmationQueued: await mailHeldBooking(dialect, trx, submission.alreadyBooked.email, payload.start, submission.createdAt),
          };
        }
        if (!submission.confirm || !booking) return { confirmationQueued: false };
        // takeSlot's lock is held until the commit, so two bookings by one address cannot both queue one.
        if (await confirmedRecently(dialect, trx, booking.email, submission.createdAt)) return { confirmationQueued: false };
        await queueMessage(trx, codec, id, "confirmation", submission.createdAt, { data: { cancelToken: cancel.token } });
        await queueReminder(trx, codec, id, booking.start, submission.createdAt, cancel.token);
        return { confirmationQueued: true };
      });
    },
    async get(id) {
      const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toSubmission(row, codec) : undefined;
    },
    async sentWithKey(id, keyHash, since) {
      const row = await db
        .selectFrom("submissions")
        .selectAll()
        .where("id", "=", id)
        .where("sent_key_hash", "=", keyHash)
        .where("created_at", ">=", codec.time(since))
        .executeTakeFirst();
      return row ? toSubmission(row, codec) : undefined;
    },
    async findByEmail(email) {
      const rows = await db
        .selectFrom("submissions")
        .selectAll()
        .where(dialect.payloadSql.email, "=", email.trim().toLowerCase())
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => toSubmission(row, codec));
    },
    async list(filter: ListFilter = {}) {
      let query = db.selectFrom("submissions").selectAll().orderBy("created_at").orderBy("id");
      if (!filter.includeSpam) query = query.where("spam", "is", null);
      if (filter.form) query = query.where("form", "=", filter.form);
      if (filter.since) query = query.where("created_at", ">=", codec.time(filter.since));
      return (await query.execute()).map((row) => toSubmission(row, codec));
    },
    async restoreSpam(id, notify, now, webhook = false) {
      return dialect.write(async (trx) => {
        const restored = await trx
          .updateTable("submissions")
          .set({ spam: null })
          .where("id", "=", id)
          .where("spam", "is not", null)
          .returning("form")
          .executeTakeFirst();
        if (!restored) return false;
        // A privacy request gets the link it would have got on arrival; staff hear of it once it is used.
        if (restored.form === "privacy-request") {
          if (notify) await mintConfirmationLink(trx, codec, id, now);
          return true;
        }
        if (notify) await queueMessage(trx, codec, id, "staff", now);
        // A false positive is a lead the gym has not heard of yet.
        if (webhook) {
          const row = await trx.selectFrom("lead_sources").selectAll().where("submission_id", "=", id).executeTakeFirst();
          const source = row ? toVisitSource(row) : null;
          await queueWebhook(trx, codec, { id, form: restored.form, spam: null }, now, { event: "lead.created", source });
        }
        return true;
      });
    },
  };
}
