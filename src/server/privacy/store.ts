import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { addressKey } from "../../forms/addressKey";
import { linesOnlyOf } from "../leads/lineage";
import { type SubmissionRow, toDate } from "../store/rows";
import type { Database, DeletionsTable, StoredTime, WaiversTable } from "../store/schema";
import { keepOptOuts, numberLock } from "../texts/consentLedger";
import type { StoredWaiver } from "../waiver";
import { type DeletionRecord, type PrivacyOperations, type PurgeReport, requesterOf, type TextOnlyDeletion } from "./types";

const toDeletionRecord = (row: Selectable<DeletionsTable>): DeletionRecord => ({
  reference: row.reference,
  form: row.form,
  receivedAt: toDate(row.received_at),
  deletedAt: toDate(row.deleted_at),
  requestedBy: row.requested_by,
});

const toStoredWaiver = (row: Selectable<WaiversTable>): StoredWaiver => ({
  version: row.version,
  text: row.text,
  firstAcceptedAt: toDate(row.first_accepted_at),
});

/** Which submissions a deletion takes: a condition on the submissions table. */
type Which = (eb: ExpressionBuilder<Database, "submissions">) => Expression<SqlBool>;
type Gone = Pick<SubmissionRow, "id" | "form" | "created_at">;

/** Rows per statement: well under both databases' limits on bound values (SQLite 32,766, PostgreSQL 65,535). */
const BATCH = 500;
const batches = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/**
 * Deletes the submissions `which` selects, their outbox rows first (that foreign key has no cascade;
 * bookings' has). What DELETE returns is what this transaction removed, so two processes purging at
 * once never log one row twice. A person's texts go with the person, and their texts waiting in the
 * outbox with them (dropTexts). On a request (`forgetNumbers`), so do the consent ledger of the
 * numbers the deleted forms gave or the deleted people texted from, and those numbers' texts on nobody
 * (forgetNumbers); the retention purge leaves the ledger to its own period (purgeLedger).
 */
async function deleteWhere(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockAddressKeys" | "payloadSql">,
  which: Which,
  options: { forgetNumbers: boolean },
): Promise<Gone[]> {
  const { codec } = dialect;
  const givenNumbers = options.forgetNumbers
    ? await trx
        .selectFrom("submissions")
        .select(dialect.payloadSql.phone.as("phone"))
        .where(which)
        .where(dialect.payloadSql.phone, "is not", null)
        .execute()
    : [];
  const theirTexts = await trx
    .selectFrom("texts")
    .select(["id", "phone", "person_id", "submission_id"])
    .where((eb) =>
      eb.or([
        eb("submission_id", "in", eb.selectFrom("submissions").select("submissions.id").where(which)),
        eb(
          "person_id",
          "in",
          eb
            .selectFrom("submissions")
            .select("person_id")
            .where(which)
            .where("person_id", "is not", null)
            .$narrowType<{ person_id: string }>(),
        ),
      ]),
    )
    .execute();
  // A new form of one of these people's addresses files itself under the person holding the address's
  // key, at that key's lock (forms/people.ts). Taking the keys first, the deletion and such a form take
  // turns: the form then finds the person gone and makes one of its own, or is there first and keeps
  // its person. Otherwise the form could point at a person this transaction deletes: a foreign-key
  // error, and a visitor's message refused.
  const keys = await trx
    .selectFrom("person_keys")
    .select("email_key")
    .where(
      "person_id",
      "in",
      trx
        .selectFrom("submissions")
        .select("person_id")
        .where(which)
        .where("person_id", "is not", null)
        .$narrowType<{ person_id: string }>(),
    )
    .execute();
  const numbers = options.forgetNumbers
    ? [...new Set([...givenNumbers.map((row) => String(row.phone)), ...theirTexts.map((row) => row.phone)])]
    : [];
  await dialect.lockAddressKeys(
    trx,
    keys.map((row) => row.email_key),
  );
  // Then the numbers', in the order a form takes them (its address, then its number's consent): a STOP,
  // a consent or a texter of one of them waits for the deletion, or went before it.
  await dialect.lockAddressKeys(trx, numbers.map(numberLock));
  await trx.deleteFrom("outbox").where("submission_id", "in", trx.selectFrom("submissions").select("id").where(which)).execute();
  const gone = await trx.deleteFrom("submissions").where(which).returning(["id", "form", "created_at", "person_id"]).execute();
  // A person is their forms: with the last one goes the person, and their keys and timeline with them.
  const people = [...new Set(gone.flatMap((row) => (row.person_id ? [row.person_id] : [])))];
  const peopleGone = new Set<string>();
  for (const batch of batches(people)) {
    const rows = await trx
      .deleteFrom("people")
      .where("id", "in", batch)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("submissions").select("submissions.id").whereRef("submissions.person_id", "=", "people.id"))),
      )
      .returning("id")
      .execute();
    rows.forEach((row) => peopleGone.add(row.id));
    await dropKeysWithoutForms(trx, codec, batch);
  }
  const formsGone = new Set(gone.map((row) => row.id));
  // The texts that went with their person or form (the foreign keys' cascade).
  await dropTexts(
    trx,
    codec,
    theirTexts
      .filter(
        (text) =>
          (text.person_id !== null && peopleGone.has(text.person_id)) || (text.submission_id !== null && formsGone.has(text.submission_id)),
      )
      .map((text) => Number(text.id)),
  );
  if (numbers.length > 0) await forgetNumbers(trx, codec, numbers);
  return gone.map(({ id, form, created_at }) => ({ id, form, created_at }));
}

/**
 * The outbox's messages of texts deleted (a waiting text goes with its person): a message names its
 * text by id alone, so the texter would drop it anyway ("its text is gone"); taken out here, nothing of
 * the person waits in the outbox at all. The text rows themselves are gone already, or go with their
 * person or form by the foreign keys' cascade.
 */
async function dropTexts(trx: Kysely<Database>, codec: Codec, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const wanted = new Set(ids);
  const waiting = await trx.selectFrom("outbox").select(["id", "data"]).where("kind", "=", "text").where("status", "!=", "sent").execute();
  const theirs = waiting.filter((row) => {
    const data = row.data === null ? null : codec.payload(row.data);
    return typeof data?.textId === "number" && wanted.has(data.textId);
  });
  for (const batch of batches(theirs.map((row) => row.id))) await trx.deleteFrom("outbox").where("id", "in", batch).execute();
}

/**
 * A deletion on request forgets the numbers: every consent event of each (given, ended, restored) and
 * their texts kept on nobody (a STOP or HELP from a number no one held then), with those texts'
 * messages in the outbox. Texts another person still holds stay with them.
 *
 * The ended (STOP) events go too, as the number: a number with no event is never texted (the texter
 * reads "never agreed", texts/outbox.ts), exactly as one whose consent ended, and START from it restores
 * nothing (it never saw the disclosure). But a new form giving the number with the box ticked would
 * record a new consent, and anyone can type a number into a form: a stranger could file one with a
 * number that replied STOP, have it deleted, and file another. So a number whose consent stands ended
 * keeps its STOP as an opt-out, the number's hash and the STOP's time (keepOptOuts, migration 25), which
 * no form's box overrides until the phone texts START. A number shared with someone who stays loses its
 * consent too, the safe side: they are not texted until they tick the box again.
 */
async function forgetNumbers(trx: Kysely<Database>, codec: Codec, numbers: readonly string[]): Promise<void> {
  for (const batch of batches(numbers)) {
    await keepOptOuts(trx, codec, batch);
    await trx.deleteFrom("text_consents").where("phone", "in", batch).execute();
    await trx.deleteFrom("text_numbers").where("phone", "in", batch).execute();
    const orphans = await trx.selectFrom("texts").select("id").where("phone", "in", batch).where("person_id", "is", null).execute();
    const ids = orphans.map((row) => Number(row.id));
    await dropTexts(trx, codec, ids);
    for (const part of batches(ids)) await trx.deleteFrom("texts").where("id", "in", part).execute();
  }
}

/**
 * People made by a text alone go with their texts (the foreign keys' cascade), their texts' messages
 * waiting in the outbox (dropTexts) and their timeline; the caller holds their numbers' locks.
 */
async function dropTextOnlyPeople(trx: Kysely<Database>, codec: Codec, people: readonly string[]): Promise<void> {
  for (const batch of batches(people)) {
    const theirs = await trx.selectFrom("texts").select("id").where("person_id", "in", batch).execute();
    await dropTexts(
      trx,
      codec,
      theirs.map((row) => Number(row.id)),
    );
    await trx.deleteFrom("people").where("id", "in", batch).execute();
  }
}

/**
 * A person made by a text alone, deleted on their request (they texted from the number): the person,
 * their timeline and texts with the messages of theirs still waiting (dropTextOnlyPeople), and, as a
 * deletion on request of a form does, the consent ledger of the numbers they texted from and those
 * numbers' texts on nobody (forgetNumbers). Each number's lock is taken first, the one receiveText takes:
 * a text arriving meanwhile comes before (and goes with the person) or after (and makes a new one). A
 * person with a form is refused: their forms' address is what a deletion goes by.
 */
async function deleteTextOnlyPerson(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockAddressKeys">,
  person: string,
): Promise<TextOnlyDeletion> {
  const found = await trx.selectFrom("people").select("id").where("id", "=", person).executeTakeFirst();
  if (!found) return "unknown";
  const form = await trx.selectFrom("submissions").select("id").where("person_id", "=", person).executeTakeFirst();
  if (form) return "has-forms";
  const texted = await trx.selectFrom("texts").select("phone").distinct().where("person_id", "=", person).execute();
  const numbers = texted.map((row) => row.phone);
  await dialect.lockAddressKeys(trx, numbers.map(numberLock));
  await dropTextOnlyPeople(trx, dialect.codec, [person]);
  await forgetNumbers(trx, dialect.codec, numbers);
  return "deleted";
}

/**
 * What has no form to expire with (PurgeCutoffs.texts): a person made by a text alone (leads/textInbox.ts)
 * whose last text is older than `before` goes with their texts and timeline, as a contact message does
 * after its months; a text kept on nobody (a STOP, START or HELP from a number no one held, and its
 * answer) goes once older than it. The consent ledger of a number goes when its last event, and the
 * last text the number got (text_numbers, migration 24, which outlives the texts), are older than
 * `consentsBefore`, and no text of the number is kept: it is the evidence that the texts were agreed
 * to, and a claim about a text can come years after it. Each number's lock is taken first, the one receiveText and the ledger take, so a text or a consent
 * arriving meanwhile is either seen here (and the number kept) or comes after.
 */
async function purgeTexts(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockAddressKeys">,
  cutoffs: { before: Date; consentsBefore: Date },
): Promise<NonNullable<PurgeReport["texts"]>> {
  const { codec } = dialect;
  const before = codec.time(cutoffs.before);
  const consentsBefore = codec.time(cutoffs.consentsBefore);
  const textOnly = () =>
    trx
      .selectFrom("people")
      .select("people.id")
      .where("people.created_at", "<", before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("submissions").select("submissions.id").whereRef("submissions.person_id", "=", "people.id"))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("texts").select("texts.id").whereRef("texts.person_id", "=", "people.id").where("texts.at", ">=", before))),
      );
  // A ledger's period counts from the later of its last event and the last text the number got.
  const ledgers = () =>
    trx
      .selectFrom("text_consents")
      .select("phone")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("text_numbers")
              .select("text_numbers.phone")
              .whereRef("text_numbers.phone", "=", "text_consents.phone")
              .where("text_numbers.last_texted_at", ">=", consentsBefore),
          ),
        ),
      )
      .groupBy("phone")
      .having((eb) => eb.fn.max("at"), "<", consentsBefore);
  const candidates = await trx
    .selectFrom("texts")
    .select("phone")
    .distinct()
    .where((eb) => eb.or([eb("person_id", "in", textOnly()), eb.and([eb("person_id", "is", null), eb("at", "<", before)])]))
    .execute();
  const numbers = [...new Set([...candidates.map((row) => row.phone), ...(await ledgers().execute()).map((row) => row.phone)])];
  await dialect.lockAddressKeys(trx, numbers.map(numberLock));
  // Read again under the locks: what came in meanwhile keeps its person or number.
  const people = (await textOnly().execute()).map((row) => row.id);
  let texts = 0;
  await dropTextOnlyPeople(trx, codec, people);
  const orphans = await trx
    .selectFrom("texts")
    .select("id")
    .where("person_id", "is", null)
    .where("submission_id", "is", null)
    .where("at", "<", before)
    .execute();
  const orphanIds = orphans.map((row) => Number(row.id));
  await dropTexts(trx, codec, orphanIds);
  for (const batch of batches(orphanIds))
    texts += Number((await trx.deleteFrom("texts").where("id", "in", batch).executeTakeFirst()).numDeletedRows);
  const candidatesNow = (await ledgers().execute()).map((row) => row.phone);
  const texted = new Set<string>();
  for (const batch of batches(candidatesNow)) {
    const rows = await trx.selectFrom("texts").select("phone").distinct().where("phone", "in", batch).execute();
    rows.forEach((row) => texted.add(row.phone));
  }
  const expired = candidatesNow.filter((phone) => !texted.has(phone));
  for (const batch of batches(expired)) {
    await keepOptOuts(trx, codec, batch);
    await trx.deleteFrom("text_consents").where("phone", "in", batch).execute();
  }
  // When a number was last texted is kept as long as its ledger could need it, and no longer.
  await trx
    .deleteFrom("text_numbers")
    .where((eb) =>
      eb.or([
        eb("last_texted_at", "<", consentsBefore),
        eb.not(
          eb.exists(eb.selectFrom("text_consents").select("text_consents.id").whereRef("text_consents.phone", "=", "text_numbers.phone")),
        ),
      ]),
    )
    .execute();
  return { people: people.length, texts, ledgers: expired.length };
}

/**
 * A person who stays keeps only the address keys their remaining forms give: once the owner merged two
 * people, deleting one address's forms takes that address's key too, so the person no longer catches
 * its forms (a later one makes a new person), while the other address's forms and key stay. With the
 * key go the lines written about that address alone (forgetOrigins).
 */
async function dropKeysWithoutForms(trx: Kysely<Database>, codec: Codec, people: readonly string[]): Promise<void> {
  const keys = await trx
    .selectFrom("person_keys")
    .selectAll()
    .where("person_id", "in", [...people])
    .execute();
  if (keys.length === 0) return;
  const forms = await trx
    .selectFrom("submissions")
    .select(["person_id", "payload"])
    .where("person_id", "in", [...people])
    .execute();
  const held = new Set(
    forms.map(({ person_id, payload }) => {
      const email = codec.payload(payload).email;
      return `${person_id} ${typeof email === "string" ? addressKey(email) : ""}`;
    }),
  );
  const dropped = keys.filter((row) => !held.has(`${row.person_id} ${row.email_key}`));
  for (const batch of batches(dropped.map((row) => row.email_key)))
    await trx.deleteFrom("person_keys").where("email_key", "in", batch).execute();
  const origin = (row: (typeof keys)[number]) => row.made_for ?? row.person_id;
  for (const person of new Set(dropped.map((row) => row.person_id))) {
    const mine = (row: (typeof keys)[number]) => row.person_id === person;
    await forgetOrigins(
      trx,
      person,
      dropped.filter(mine).map(origin),
      keys.filter((row) => mine(row) && !dropped.includes(row)).map(origin),
    );
  }
}

/**
 * A person who stays after the addresses of the people made as `gone` went: the lines of their
 * timeline that concern only those (leads/lineage.ts: a note, a call, a change written on the other
 * person before the owner merged the two) go too, and so does the old reference of a person merged
 * away who was only theirs. A line of a form goes with its form already; the lines written since a
 * merge concern the person who stays.
 */
async function forgetOrigins(trx: Kysely<Database>, person: string, gone: readonly string[], kept: readonly string[]): Promise<void> {
  const rows = await trx
    .selectFrom("person_events")
    .select(["id", "person_id", "written_on", "kind", "body"])
    .where("person_id", "=", person)
    .where("submission_id", "is", null)
    .execute();
  const lines = rows.map((row) => ({
    id: Number(row.id),
    person: row.person_id,
    writtenOn: row.written_on,
    kind: row.kind,
    body: row.body,
  }));
  const only = [...linesOnlyOf(lines, gone, kept)];
  for (const batch of batches(only)) await trx.deleteFrom("person_events").where("id", "in", batch).execute();
  const references = gone.filter((origin) => !kept.includes(origin));
  if (references.length > 0) await trx.deleteFrom("merged_people").where("id", "in", references).where("person_id", "=", person).execute();
}

/** Logs deleted submissions, oldest first, with no personal data: only that each existed and who had it deleted. */
async function logDeletions(trx: Kysely<Database>, gone: readonly Gone[], deletedAt: StoredTime, requestedBy: string): Promise<void> {
  const oldestFirst = [...gone].sort(
    (a, b) => toDate(a.created_at).getTime() - toDate(b.created_at).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const batch of batches(oldestFirst)) {
    const rows = batch.map((row) => ({
      reference: row.id,
      form: row.form,
      received_at: row.created_at,
      deleted_at: deletedAt,
      requested_by: requestedBy,
    }));
    await trx.insertInto("deletions").values(rows).execute();
  }
}

export function privacyQueries(dialect: Dialect): PrivacyOperations {
  const { db, codec, payloadSql } = dialect;
  return {
    async deleteSubmissions(ids, reason, at) {
      const wanted = [...new Set(ids)];
      const gone = await dialect.write(async (trx) => {
        // A merge moves forms, keys and lines between people: the two take turns (leads/merge.ts).
        await dialect.lockMerges(trx);
        const rows: Gone[] = [];
        for (const batch of batches(wanted)) {
          rows.push(...(await deleteWhere(trx, dialect, (eb) => eb("id", "in", batch), { forgetNumbers: reason.kind === "request" })));
        }
        await logDeletions(trx, rows, codec.time(at), requesterOf(reason));
        if (rows.length > 0) await dialect.markWipeOwed(trx);
        return new Set(rows.map((row) => row.id));
      });
      await dialect.wipeIfOwed();
      return wanted.filter((id) => gone.has(id));
    },
    async deleteTextOnlyPerson(id) {
      const outcome = await dialect.write(async (trx) => {
        // A merge could give the person a form meanwhile: the two take turns (leads/merge.ts).
        await dialect.lockMerges(trx);
        const outcome = await deleteTextOnlyPerson(trx, dialect, id);
        if (outcome === "deleted") await dialect.markWipeOwed(trx);
        return outcome;
      });
      await dialect.wipeIfOwed();
      return outcome;
    },
    async forgetHealth(id) {
      const forgotten = await dialect.write(async (trx) => {
        const changed = await trx
          .updateTable("submissions")
          // The fingerprint of a form sent without JavaScript is a hash of the health text too.
          .set({ payload: payloadSql.withoutHealthInfo, fingerprint: null })
          .where("id", "=", id)
          .where(payloadSql.hasHealthInfo)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        // Their e-mail would carry the text; sent ones stay as the record of what was sent.
        await trx.deleteFrom("outbox").where("submission_id", "=", id).where("status", "in", ["pending", "failed"]).execute();
        await dialect.markWipeOwed(trx);
        return true;
      });
      await dialect.wipeIfOwed();
      return forgotten;
    },
    async purge(cutoffs, at) {
      const report = await dialect.write(async (trx) => {
        await dialect.lockMerges(trx);
        const spamBefore = codec.time(cutoffs.spamBefore);
        const spam = await deleteWhere(trx, dialect, (eb) => eb.and([eb("spam", "is not", null), eb("created_at", "<", spamBefore)]), {
          forgetNumbers: false,
        });
        const report: PurgeReport = { spam: spam.length, forms: {} };
        let deleted = spam.length;
        for (const { form, before } of cutoffs.forms) {
          const cutoff = codec.time(before);
          const gone = await deleteWhere(
            trx,
            dialect,
            (eb) => eb.and([eb("form", "=", form), eb("spam", "is", null), eb("created_at", "<", cutoff)]),
            { forgetNumbers: false },
          );
          await logDeletions(trx, gone, codec.time(at), "retention");
          report.forms[form] = (report.forms[form] ?? 0) + gone.length;
          deleted += gone.length;
        }
        if (cutoffs.texts) {
          report.texts = await purgeTexts(trx, dialect, cutoffs.texts);
          deleted += report.texts.people + report.texts.texts + report.texts.ledgers;
        }
        if (deleted > 0) await dialect.markWipeOwed(trx);
        return report;
      });
      await dialect.wipeIfOwed();
      return report;
    },
    async deletions() {
      const rows = await db.selectFrom("deletions").selectAll().orderBy("deleted_at").orderBy("id").execute();
      return rows.map(toDeletionRecord);
    },
    async waivers() {
      const rows = await db.selectFrom("waivers").selectAll().orderBy("first_accepted_at").orderBy("version").execute();
      return rows.map(toStoredWaiver);
    },
  };
}
