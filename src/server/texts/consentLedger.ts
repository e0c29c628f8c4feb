import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database, TextConsentsTable } from "../store/schema";
import type { ConsentEvent, ConsentState, GivenConsent } from "./types";

/**
 * The consent ledger (text_consents, migration 22): append-only, one row per event of a number. A number
 * may be texted while its last event is "given" or "restored"; after "ended" it gets nothing but the one
 * confirmation of its STOP. Nothing here updates or deletes a row: the ledger is the gym's evidence of
 * what each person agreed to and when they stopped.
 */

/** Events of one number wait for each other here (PostgreSQL; SQLite writes one at a time). */
export const numberLock = (phone: string) => `tel:${phone}`;

/**
 * How a STOP is kept once its number's ledger is gone (text_opt_outs, migration 25): the number's
 * SHA-256, which a number can be checked against but is not stored as.
 */
export const optOutKey = (phone: string): string => createHash("sha256").update(phone).digest("hex");

/**
 * Before the ledger of these numbers goes (a deletion on request, or its period: privacy/store.ts), in
 * the same transaction and under the numbers' locks: each whose consent stands ended keeps its STOP as
 * an opt-out, so neither a stranger's form nor the end of the period turns texts to it back on.
 */
export async function keepOptOuts(trx: Kysely<Database>, codec: Codec, phones: readonly string[]): Promise<void> {
  for (const phone of phones) {
    const state = await consentOf(trx, phone);
    if (state.event !== "ended" || !state.at) continue;
    await trx
      .insertInto("text_opt_outs")
      .values({ phone_hash: optOutKey(phone), at: codec.time(state.at) })
      .onConflict((conflict) => conflict.column("phone_hash").doUpdateSet({ at: codec.time(state.at as Date) }))
      .execute();
  }
}

/** Whether a STOP of this number outlived its ledger (keepOptOuts), read in the caller's transaction. */
async function optedOut(db: Kysely<Database>, phone: string): Promise<boolean> {
  return (
    (await db.selectFrom("text_opt_outs").select("phone_hash").where("phone_hash", "=", optOutKey(phone)).executeTakeFirst()) !== undefined
  );
}

/**
 * A consent given with a form, in the form's own transaction. Not after a STOP, in the ledger or kept
 * past it (keepOptOuts): anyone can type a number into a form and tick the box, so only the phone itself,
 * texting START, undoes its STOP. Whether it was recorded.
 */
export async function recordConsent(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockAddressKeys">,
  consent: GivenConsent,
): Promise<boolean> {
  const { codec } = dialect;
  await dialect.lockAddressKeys(trx, [numberLock(consent.phone)]);
  if ((await consentOf(trx, consent.phone)).event === "ended" || (await optedOut(trx, consent.phone))) return false;
  await trx
    .insertInto("text_consents")
    .values({
      phone: consent.phone,
      event: "given",
      at: codec.time(consent.at),
      disclosure: consent.disclosure,
      disclosure_version: consent.version,
      page: consent.page,
      form: consent.form,
      submission_ref: consent.submission,
      connection: consent.connection,
    })
    .execute();
  return true;
}

/**
 * The ledger's word for a consent a staff member ended on the person's word: they asked on the phone,
 * by e-mail or in a text ("please stop texting me") rather than with STOP. Any reasonable way of asking
 * ends consent (the FCC's rule under the TCPA); who recorded it is in the audit log.
 */
export const STAFF_STOP_KEYWORD = "asked staff";

/** A number's consent as it stands, read in the caller's transaction (or on the store's `db`). */
export async function consentOf(db: Kysely<Database>, phone: string): Promise<ConsentState> {
  const row = await db
    .selectFrom("text_consents")
    .select(["event", "at", "keyword"])
    .where("phone", "=", phone)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    phone,
    event: row?.event ?? null,
    at: row ? toDate(row.at) : null,
    ...(row?.event === "ended" && row.keyword === STAFF_STOP_KEYWORD && { byStaff: true as const }),
  };
}

/** Whether a number may be texted now: its consent was given (or restored) and not ended since. */
export const mayText = (state: ConsentState): boolean => state.event === "given" || state.event === "restored";

/**
 * Ends a number's consent at once, by the word it texted (STOP...) or Twilio's word for it. Whether this
 * is news: a second STOP adds no row, and gets no second confirmation. A STOP from a number that never
 * agreed is kept and confirmed too: the person asked, carriers' rules (the CTIA's) want an opt-out
 * confirmed, and the row keeps a later form's box from starting texts to it (recordConsent).
 */
export async function endConsent(dialect: Dialect, trx: Kysely<Database>, phone: string, keyword: string, at: Date): Promise<boolean> {
  await dialect.lockAddressKeys(trx, [numberLock(phone)]);
  if ((await consentOf(trx, phone)).event === "ended") return false;
  await trx
    .insertInto("text_consents")
    .values({ phone, event: "ended", at: dialect.codec.time(at), keyword })
    .execute();
  return true;
}

/**
 * Restores a consent the number ended (START, UNSTOP). A number that never gave one gets none by texting
 * START: it was never shown the disclosure. A STOP kept past its ledger (keepOptOuts) is lifted: the
 * phone itself asked, so a form's box may record consent for it again. Whether a consent was restored.
 */
export async function restoreConsent(dialect: Dialect, trx: Kysely<Database>, phone: string, keyword: string, at: Date): Promise<boolean> {
  await dialect.lockAddressKeys(trx, [numberLock(phone)]);
  await trx.deleteFrom("text_opt_outs").where("phone_hash", "=", optOutKey(phone)).execute();
  if ((await consentOf(trx, phone)).event !== "ended") return false;
  // A STOP from a number that never agreed ended nothing a START could bring back.
  const given = await trx
    .selectFrom("text_consents")
    .select("id")
    .where("phone", "=", phone)
    .where("event", "=", "given")
    .executeTakeFirst();
  if (!given) return false;
  await trx
    .insertInto("text_consents")
    .values({ phone, event: "restored", at: dialect.codec.time(at), keyword })
    .execute();
  return true;
}

function toEvent(row: Selectable<TextConsentsTable>): ConsentEvent {
  return {
    event: row.event,
    at: toDate(row.at),
    disclosure: row.disclosure,
    version: row.disclosure_version,
    page: row.page,
    form: row.form,
    submission: row.submission_ref,
    connection: row.connection,
    keyword: row.keyword,
  };
}

/** The ledger's operations on the store (app/store.ts). */
export interface ConsentOperations {
  textConsent(phone: string): Promise<ConsentState>;
  /** Every event of a number, oldest first: the evidence, for the owner or an access request. */
  consentHistory(phone: string): Promise<ConsentEvent[]>;
  /** When the gym last handed the number a text (migration 24), kept with the ledger; undefined if never. */
  lastTexted(phone: string): Promise<Date | undefined>;
  /** endConsent in a transaction of its own (Twilio saying the number opted out). */
  endTextConsent(phone: string, keyword: string, at: Date): Promise<boolean>;
}

export function consentQueries(dialect: Dialect): ConsentOperations {
  const { db } = dialect;
  return {
    textConsent: (phone) => consentOf(db, phone),
    async consentHistory(phone) {
      const rows = await db.selectFrom("text_consents").selectAll().where("phone", "=", phone).orderBy("id").execute();
      return rows.map(toEvent);
    },
    async lastTexted(phone) {
      const row = await db.selectFrom("text_numbers").select("last_texted_at").where("phone", "=", phone).executeTakeFirst();
      return row ? toDate(row.last_texted_at) : undefined;
    },
    endTextConsent: (phone, keyword, at) => dialect.write((trx) => endConsent(dialect, trx, phone, keyword, at)),
  };
}
