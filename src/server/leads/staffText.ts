import { sql, type Kysely } from "kysely";
import { isE164, usPhoneToE164 } from "../../texts/phone";
import type { Dialect } from "../store/dialect";
import type { Database } from "../store/schema";
import { consentOf, endConsent, mayText, STAFF_STOP_KEYWORD } from "../texts/consentLedger";
import { queueText } from "../texts/textStore";
import type { StaffTextOperations } from "./types";
import { answerPerson, lockedPerson, personFor, writeLead } from "./store";

/**
 * A staff member's text to a person, from their page: the text and its outbox message, the audit line and
 * the answer, in one transaction, so none is ever without the others. It answers them as a reply does (a
 * New person becomes Contacted; the first answer is their first response, and nobody waits on them any
 * more). It goes when sent, whatever the hour: a person's own conversation, not an automated text.
 */

/**
 * The number a person is texted at: the one of their latest text, in or out, unless a form they sent
 * later gave another; else their newest form's. Null when they gave none.
 */
export async function personPhone(trx: Kysely<Database>, dialect: Pick<Dialect, "payloadSql">, person: string): Promise<string | null> {
  const text = await trx
    .selectFrom("texts")
    .select(["phone", "at"])
    .where("person_id", "=", person)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const form = await trx
    .selectFrom("submissions")
    .select([sql<string | null>`${dialect.payloadSql.phone}`.as("phone"), "created_at"])
    .where("person_id", "=", person)
    .where(dialect.payloadSql.phone, "is not", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const formPhone = form?.phone ? (isE164(form.phone) ? form.phone : usPhoneToE164(form.phone)) : null;
  if (text && (!formPhone || !form || new Date(text.at).getTime() >= new Date(form.created_at).getTime())) return text.phone;
  return formPhone;
}

export function staffTextQueries(dialect: Dialect): StaffTextOperations {
  const { db, codec } = dialect;
  return {
    async textingState(id) {
      const person = await personFor(db, id);
      if (!person) return null;
      const phone = await personPhone(db, dialect, person);
      return { phone, consent: phone ? await consentOf(db, phone) : null };
    },
    async sendStaffText(id, body, by, at, { webhook = false, shown } = {}) {
      return dialect.write(async (trx) => {
        const person = await lockedPerson(trx, dialect, id);
        if (!person) return { refused: "no-person" };
        const phone = await personPhone(trx, dialect, person);
        if (!phone) return { refused: "no-phone" };
        // The number the page showed: a form filed under the person since (anyone can type their
        // address into one, with any number) would otherwise send the text somewhere staff never saw.
        if (shown !== undefined && shown !== phone) return { refused: "phone-changed", phone };
        const consent = await consentOf(trx, phone);
        if (!mayText(consent)) return { refused: "no-consent", consent };
        const textId = await queueText(trx, codec, { phone, body, personId: person, author: { staff: by }, at });
        // Who texted whom, with the text itself: never the words nor the number.
        await trx
          .insertInto("audit_log")
          .values({ at: codec.time(at), actor: by, action: "lead.sms", target: id })
          .execute();
        const state = await trx.selectFrom("people").select("status").where("id", "=", person).executeTakeFirstOrThrow();
        if (state.status === "new") await writeLead(trx, dialect, person, { status: "contacted" }, by, at, { webhook });
        await answerPerson(trx, codec, person, by, at);
        return { queued: textId, phone };
      });
    },
    async stopTexts(id, by, at, shown) {
      return dialect.write(async (trx) => {
        // The person's row is not locked: nothing of it changes, and an incoming text takes the number's
        // lock before it (texts/inbound.ts), as a deletion does (privacy/store.ts).
        const person = await personFor(trx, id);
        if (!person) return { refused: "no-person" as const };
        const phone = await personPhone(trx, dialect, person);
        if (!phone) return { refused: "no-phone" as const };
        // The number the question named, as for a text: a form filed since could have made it another.
        if (shown !== undefined && shown !== phone) return { refused: "phone-changed" as const, phone };
        // At the number's lock, as a STOP: a text being taken to send waits, then finds the consent ended.
        const ended = await endConsent(dialect, trx, phone, STAFF_STOP_KEYWORD, at);
        if (ended) {
          await trx
            .insertInto("audit_log")
            .values({ at: codec.time(at), actor: by, action: "lead.sms-stop", target: id })
            .execute();
        }
        return { ended, phone };
      });
    },
  };
}
