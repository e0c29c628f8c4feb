import type { Kysely } from "kysely";
import { addressKey } from "../../forms/addressKey";
import { ANSWER_FORMS, DEFAULT_ANSWERS, isAnswerForm, type AnswerForm } from "../../desk/instantAnswers";
import { closedDays, site } from "../content";
import type { FormStep, NewSubmission } from "../forms/types";
import { queueMessage } from "../outbox/store";
import type { Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database } from "../store/schema";
import { answerWhen } from "./answerWhen";
import { instantAnswerText, isTextAnswerForm } from "../../texts/instantAnswer";
import { queueText } from "../texts/textStore";
import { nextTextingInstant } from "../texts/callingHours";
import { GYM_ZONE } from "../../time/zone";
import type { AnswerOperations } from "./types";

/**
 * How long an address that was sent an instant answer gets no other: a stranger typing someone's
 * address into the forms again and again mails them once a day at most. The forms are stored and staff
 * alerted as always.
 */
export const ANSWER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** One form's words as they stand: the owner's, or the code's. */
async function wordsFor(trx: Kysely<Database>, form: AnswerForm): Promise<string> {
  const row = await trx.selectFrom("answer_words").select("text").where("form", "=", form).executeTakeFirst();
  return row?.text ?? DEFAULT_ANSWERS[form];
}

/**
 * Queues the instant answer to a contact, sign-up or drop-in form in its insert's transaction, once
 * the staff alert is queued (forms/store.ts runs it only for a form that is not spam): the words as
 * they stand and when the gym will answer, worked out now on the gym's clock; the mail fills in the
 * rest from the form as it goes (leads/answerMail.ts). None unless the handler asks (`confirm`: mail is
 * set up), or when the address (by its key) was sent one within ANSWER_INTERVAL_MS; two forms of one
 * address at once wait for each other at the key's lock (PostgreSQL; SQLite writes one at a time).
 * Whether one was queued.
 */
export async function queueInstantAnswer(
  dialect: Dialect,
  trx: Kysely<Database>,
  submission: Pick<NewSubmission, "id" | "form" | "payload" | "confirm" | "createdAt">,
): Promise<boolean> {
  const { codec } = dialect;
  const { id, form, payload, confirm, createdAt } = submission;
  const email = typeof payload.email === "string" ? payload.email : "";
  if (!confirm || !email || !isAnswerForm(form)) return false;
  const key = addressKey(email);
  await dialect.lockAddressKeys(trx, [key]);
  const recent = await trx
    .selectFrom("instant_answers")
    .select("submission_id")
    .where("email_key", "=", key)
    .where("answered_at", ">", codec.time(new Date(createdAt.getTime() - ANSWER_INTERVAL_MS)))
    .executeTakeFirst();
  if (recent) return false;
  await trx
    .insertInto("instant_answers")
    .values({ submission_id: id, email_key: key, answered_at: codec.time(createdAt) })
    .execute();
  const data = { text: await wordsFor(trx, form), when: answerWhen(site, createdAt, closedDays) };
  return queueMessage(trx, codec, id, "instant-answer", createdAt, { data });
}

/**
 * The instant answer by text, in the insert's transaction, beside the e-mail: only to a number that
 * agreed with this very form (its consent is in the ledger: forms/store.ts wrote it first), only when
 * the site texts (`texts`: the Twilio settings are there), and, as the e-mail, once in ANSWER_INTERVAL_MS
 * per number however often a stranger types it. Automated: due no earlier than 8 am at the gym
 * (texts/callingHours.ts). Its words are fixed (src/texts/instantAnswer.ts). Whether one was queued.
 */
export async function queueInstantAnswerText(
  dialect: Dialect,
  trx: Kysely<Database>,
  submission: Pick<NewSubmission, "id" | "form" | "textConsent" | "texts" | "createdAt">,
): Promise<boolean> {
  const { codec } = dialect;
  const { id, form, textConsent, texts, createdAt } = submission;
  if (!texts || !textConsent || !isTextAnswerForm(form)) return false;
  const { phone } = textConsent;
  await dialect.lockAddressKeys(trx, [`tel:${phone}`]);
  const recent = await trx
    .selectFrom("texts")
    .select("id")
    .where("phone", "=", phone)
    .where("automation", "=", "instant-answer")
    .where("at", ">", codec.time(new Date(createdAt.getTime() - ANSWER_INTERVAL_MS)))
    .executeTakeFirst();
  if (recent) return false;
  const person = await trx.selectFrom("submissions").select("person_id").where("id", "=", id).executeTakeFirst();
  await queueText(trx, codec, {
    phone,
    body: instantAnswerText(form, site, answerWhen(site, createdAt, closedDays)),
    personId: person?.person_id ?? null,
    submissionId: id,
    author: { automation: "instant-answer" },
    at: createdAt,
    dueAt: nextTextingInstant(createdAt, GYM_ZONE),
  });
  return true;
}

/** The step of a form with an instant answer (app/store.ts gives it to the contact, sign-up and drop-in forms). */
export function answerStep(dialect: Dialect): FormStep {
  return {
    async hold(trx, submission) {
      return async () => {
        await queueInstantAnswerText(dialect, trx, submission);
        return queueInstantAnswer(dialect, trx, submission);
      };
    },
  };
}

export function answerQueries(dialect: Dialect): AnswerOperations {
  const { db, codec } = dialect;
  return {
    async answerWords() {
      const rows = await db.selectFrom("answer_words").selectAll().execute();
      return ANSWER_FORMS.map((form) => {
        const row = rows.find((r) => r.form === form);
        return row
          ? { form, text: row.text, edited: { at: toDate(row.updated_at), by: row.updated_by } }
          : { form, text: DEFAULT_ANSWERS[form], edited: null };
      });
    },
    async saveAnswerWords(form, text, by, at) {
      const values = { text, updated_at: codec.time(at), updated_by: by };
      await db
        .insertInto("answer_words")
        .values({ form, ...values })
        .onConflict((conflict) => conflict.column("form").doUpdateSet(values))
        .execute();
    },
    async resetAnswerWords(form) {
      await db.deleteFrom("answer_words").where("form", "=", form).execute();
    },
  };
}
