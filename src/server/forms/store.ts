import type { Kysely, Selectable } from "kysely";
import { checkedSource, type VisitSource } from "../../forms/visitSource";
import type { Codec, Dialect } from "../store/dialect";
import { queueMessage } from "../outbox/store";
import { toSubmission } from "../store/rows";
import type { Database, LeadSourcesTable } from "../store/schema";
import { type FormSteps, REPEAT_WINDOW_MS, type ListFilter, type SubmissionOperations } from "./types";
import { queueWebhook } from "../outbox/webhookQueue";
import { fileUnderPerson } from "./people";
import { addressKey } from "../../forms/addressKey";
import { numberLock, recordConsent } from "../texts/consentLedger";

/**
 * A lead_sources row (or the same columns from a join) as the source a form sent, checked as a form's is
 * now: a row kept before a rule was added (a landing path with a bidi control) reaches no console, CSV
 * or webhook as it was.
 */
export function toVisitSource(row: Omit<Selectable<LeadSourcesTable>, "submission_id">): VisitSource {
  return checkedSource({
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
  });
}

/** The staff's alert of a submission, due at once. */
const staffAlert = (codec: Codec) => (trx: Kysely<Database>, id: string, at: Date) => queueMessage(trx, codec, id, "staff", at);

/**
 * The public forms' submissions, written once for both databases. A form that does more when it is
 * stored (a booking, a privacy request's link) does it through its step (`steps`, given by app/store.ts),
 * in the same transaction.
 */
export function submissionQueries(dialect: Dialect, steps: FormSteps): SubmissionOperations {
  const { db, codec } = dialect;
  return {
    async insert(submission) {
      const { id, form, payload, spam, waiver, fingerprint = null, sentKeyHash = null } = submission;
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
        // The address's lock, then the number's, then the person's row (fileUnderPerson): a deletion takes
        // the first two in this order (privacy/store.ts), an incoming text the last two (texts/inbound.ts),
        // so none of them waits for another in a circle. Each lock is taken again below at no cost.
        const consent = submission.textConsent && !spam ? submission.textConsent : undefined;
        if (consent) {
          const key = typeof payload.email === "string" ? addressKey(payload.email) : "";
          await dialect.lockAddressKeys(trx, key ? [key] : []);
          await dialect.lockAddressKeys(trx, [numberLock(consent.phone)]);
        }
        // A sales form belongs to its person before its own step runs: the free intro's booking moves them.
        await fileUnderPerson(trx, dialect, { id, form, payload, spam }, submission.createdAt);
        if (consent) await recordConsent(trx, dialect, { ...consent, at: submission.createdAt, form, submission: id });
        const step = steps[form];
        const finish = await step?.hold?.(trx, submission);
        if (spam) return { confirmationQueued: false };
        if (submission.notify) await (step?.alert ?? staffAlert(codec))(trx, id, submission.createdAt);
        if (submission.webhook) {
          await queueWebhook(trx, codec, submission, submission.createdAt, { event: "lead.created", source: submission.source ?? null });
        }
        return { confirmationQueued: (await finish?.()) ?? false };
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
          .returning(["form", "payload"])
          .executeTakeFirst();
        if (!restored) return false;
        await fileUnderPerson(trx, dialect, { id, form: restored.form, payload: codec.payload(restored.payload), spam: null }, now);
        // What it would have got on arrival: its staff alert, or a privacy request's link (staff hear of it once it is used).
        if (notify) await (steps[restored.form]?.alert ?? staffAlert(codec))(trx, id, now);
        // A false positive is a lead the gym has not heard of yet (a privacy request is none: queueWebhook).
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
