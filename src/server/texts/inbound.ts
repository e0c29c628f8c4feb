import type { Kysely } from "kysely";
import type { Dialect } from "../store/dialect";
import type { Database } from "../store/schema";
import { endConsent, restoreConsent } from "./consentLedger";
import { keywordOf, keywordReply, type Keyword } from "./keywords";
import { queueText, storeIncoming } from "./textStore";
import { queueMessage } from "../outbox/store";

/** A person's text to the gym's number, as Twilio posted it to /api/sms. */
export interface IncomingText {
  /** E.164. */
  phone: string;
  body: string;
  /** Twilio's MessageSid: a second post of the same text (Twilio tries again) is stored once. */
  sid: string;
}

/**
 * Whose a number is, from the people's side of the house (leads/textInbox.ts, given by app/store.ts):
 * texts/ stands below the people and cannot make one.
 */
export interface TextPeople {
  /** The person this number belongs to, or null. */
  personOf(trx: Kysely<Database>, phone: string): Promise<string | null>;
  /** The person an ordinary text is filed under (made now if the number is nobody's), waiting for an answer from `at`. */
  fileText(trx: Kysely<Database>, phone: string, at: Date): Promise<string>;
}

export type Received =
  { duplicate: true } | { duplicate: false; textId: number; personId: string | null; keyword: Keyword | null; replied: boolean };

/**
 * Takes a person's text in one transaction. Every text is kept (`texts`, direction in). STOP and its
 * kin end the number's consent at once and queue the one confirmation (a second STOP changes nothing
 * and is not confirmed again); START or UNSTOP restore a consent the number ended, confirmed; HELP is
 * answered with the gym's name, number and how to stop, whether or not the number agreed to texts. The
 * answers go through the outbox at once, whatever the hour. Any other text is filed under its person,
 * who then waits for a staff member's answer (Needs action), and with `alert` (mail is set up) the
 * staff are told of it by e-mail ("text-alert", leads/textAlert.ts), as of a new lead.
 */
export async function receiveText(
  dialect: Dialect,
  people: TextPeople,
  incoming: IncomingText,
  gym: { name: string; phone: string },
  at: Date,
  { alert = false }: { alert?: boolean } = {},
): Promise<Received> {
  const { codec } = dialect;
  return dialect.write(async (trx) => {
    const seen = await trx.selectFrom("texts").select("id").where("sid", "=", incoming.sid).executeTakeFirst();
    if (seen) return { duplicate: true };
    const keyword = keywordOf(incoming.body);
    const { phone } = incoming;
    const personId = keyword ? await people.personOf(trx, phone) : await people.fileText(trx, phone, at);
    const textId = await storeIncoming(trx, codec, { phone, body: incoming.body, personId, sid: incoming.sid, at });
    // The word as the person wrote it, for the ledger: short, and only ever a keyword.
    const word = incoming.body.trim().slice(0, 40);
    let replied = false;
    if (keyword === "opt-out") replied = await endConsent(dialect, trx, phone, word, at);
    else if (keyword === "opt-in") replied = await restoreConsent(dialect, trx, phone, word, at);
    else if (keyword === "help") replied = true;
    if (keyword && replied) {
      await queueText(trx, codec, { phone, body: keywordReply(keyword, gym), personId, author: { automation: "keyword-reply" }, at });
    }
    // The alert names the text alone: its words and number stay in `texts`, and go with the person.
    if (!keyword && alert) await queueMessage(trx, codec, null, "text-alert", at, { data: { textId } });
    return { duplicate: false, textId, personId, keyword, replied };
  });
}

/** Texts coming in, on the store (app/store.ts gives `receiveText` its people). */
export interface TextInboxOperations {
  receiveText(incoming: IncomingText, gym: { name: string; phone: string }, at: Date, options?: { alert?: boolean }): Promise<Received>;
}
