import type { Kysely } from "kysely";
import type { Dialect } from "../store/dialect";
import type { Database } from "../store/schema";
import { endConsent, numberLock, restoreConsent } from "./consentLedger";
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
  /**
   * The person an ordinary text is filed under (made now if the number is nobody's), waiting for an
   * answer from `at`; `waiting`: they were waiting already, since an earlier message nobody has answered.
   */
  fileText(trx: Kysely<Database>, phone: string, at: Date): Promise<{ person: string; waiting: boolean }>;
}

/**
 * While a person waits for an answer, a text of theirs that comes within this time of their last one
 * does not e-mail the staff again: a burst of texts is one alert, and the rest are on the person's page.
 * Each text would otherwise be one more mail to every alerted staff member, and a stranger texting the
 * gym's number all day could fill their inboxes. A text after this long a silence alerts again, and an
 * answer (a text, a call, a reply) ends the wait, so the next text alerts whenever it comes.
 */
export const TEXT_ALERT_EVERY_MS = 60 * 60_000;

/** Whether this number sent an ordinary text (not a keyword) within TEXT_ALERT_EVERY_MS before `at`. */
async function alertedLately(dialect: Dialect, trx: Kysely<Database>, phone: string, at: Date): Promise<boolean> {
  const recent = await trx
    .selectFrom("texts")
    .select("body")
    .where("phone", "=", phone)
    .where("direction", "=", "in")
    .where("at", ">", dialect.codec.time(new Date(at.getTime() - TEXT_ALERT_EVERY_MS)))
    .execute();
  return recent.some((text) => keywordOf(text.body) === null);
}

/**
 * At most one HELP answer, and one START confirmation, per number in this time: each answer costs the
 * gym a text, and an auto-responder answering the answers (or a prank texting HELP all day) would
 * otherwise spend them without end. A STOP is confirmed once per STOP (endConsent says whether it ended
 * anything): a second needs a START between, whose confirmation is held to this, so a loop of the two
 * stops being answered within the hour. The words are kept and the consent follows each all the same.
 */
export const KEYWORD_REPLY_EVERY_MS = 60 * 60_000;

/** Whether this number was given the same answer within KEYWORD_REPLY_EVERY_MS (read under the number's lock). */
async function answeredLately(dialect: Dialect, trx: Kysely<Database>, phone: string, reply: string, at: Date): Promise<boolean> {
  const lately = await trx
    .selectFrom("texts")
    .select("id")
    .where("phone", "=", phone)
    .where("direction", "=", "out")
    .where("automation", "=", "keyword-reply")
    .where("body", "=", reply)
    .where("at", ">", dialect.codec.time(new Date(at.getTime() - KEYWORD_REPLY_EVERY_MS)))
    .executeTakeFirst();
  return lately !== undefined;
}

export type Received =
  { duplicate: true } | { duplicate: false; textId: number; personId: string | null; keyword: Keyword | null; replied: boolean };

/**
 * Takes a person's text in one transaction. Every text is kept (`texts`, direction in). STOP and its
 * kin end the number's consent at once and queue the one confirmation (a second STOP changes nothing
 * and is not confirmed again); START or UNSTOP restore a consent the number ended, confirmed; HELP is
 * answered with the gym's name, number and how to stop, whether or not the number agreed to texts
 * (START and HELP once an hour at most: KEYWORD_REPLY_EVERY_MS). The
 * answers go through the outbox at once, whatever the hour. Any other text is filed under its person,
 * who then waits for a staff member's answer (Needs action), and with `alert` (mail is set up) the
 * staff are told of it by e-mail ("text-alert", leads/textAlert.ts), as of a new lead, once per burst
 * while nobody has answered (TEXT_ALERT_EVERY_MS).
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
    // The number's lock first (the ledger's, and the retention purge's): a purge of the person the number
    // belongs to either comes after this text, or is done before it looks for them.
    await dialect.lockAddressKeys(trx, [numberLock(phone)]);
    // Staff are alerted of an ordinary text unless its person was already waiting and texted within the hour.
    const quiet = !keyword && alert && (await alertedLately(dialect, trx, phone, at));
    const filed = keyword ? null : await people.fileText(trx, phone, at);
    const personId = filed ? filed.person : await people.personOf(trx, phone);
    const textId = await storeIncoming(trx, codec, { phone, body: incoming.body, personId, sid: incoming.sid, at });
    // The word as the person wrote it, for the ledger: short, and only ever a keyword.
    const word = incoming.body.trim().slice(0, 40);
    let replied = false;
    if (keyword === "opt-out") replied = await endConsent(dialect, trx, phone, word, at);
    else if (keyword === "opt-in") replied = await restoreConsent(dialect, trx, phone, word, at);
    // Two HELPs at once are answered once: both hold the number's lock, taken above.
    else if (keyword === "help") replied = true;
    const body = keyword && keywordReply(keyword, gym);
    if (keyword !== "opt-out" && body && replied) replied = !(await answeredLately(dialect, trx, phone, body, at));
    if (body && replied) {
      await queueText(trx, codec, { phone, body, personId, author: { automation: "keyword-reply" }, at });
    }
    // The alert names the text alone: its words and number stay in `texts`, and go with the person.
    if (filed && alert && !(filed.waiting && quiet)) await queueMessage(trx, codec, null, "text-alert", at, { data: { textId } });
    return { duplicate: false, textId, personId, keyword, replied };
  });
}

/** Texts coming in, on the store (app/store.ts gives `receiveText` its people). */
export interface TextInboxOperations {
  receiveText(incoming: IncomingText, gym: { name: string; phone: string }, at: Date, options?: { alert?: boolean }): Promise<Received>;
}
