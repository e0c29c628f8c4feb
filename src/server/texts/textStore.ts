import type { Kysely, Selectable } from "kysely";
import { queueMessage } from "../outbox/store";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database, TextsTable } from "../store/schema";
import type { OutboxData } from "../outbox/types";
import { consentOf, mayText, numberLock } from "./consentLedger";
import type { ConsentState, StoredText, TextAuthor } from "./types";

/**
 * The texts (migration 22): each text a person sent the gym and each the gym sends them. A text to send
 * is a row here, status "waiting", and an outbox message of kind `text` that names the row alone
 * ({ textId }): the number and the words stay here and go with the person, and the outbox holds
 * nothing personal. texts/outbox.ts sends it.
 */

export interface NewOutgoingText {
  phone: string;
  body: string;
  personId: string | null;
  /** The form an automated text answers; it goes with that form. */
  submissionId?: string | null;
  author: TextAuthor;
  at: Date;
  /** When it may go, if later than `at` (an automated text outside the calling hours). */
  dueAt?: Date;
}

/** A text from the gym, waiting to go: its row in `texts`, and its id. */
async function insertOutgoing(
  trx: Kysely<Database>,
  codec: Codec,
  text: Omit<NewOutgoingText, "dueAt" | "submissionId"> & { submissionId: string | null },
): Promise<number> {
  const time = codec.time(text.at);
  const row = await trx
    .insertInto("texts")
    .values({
      person_id: text.personId,
      submission_id: text.submissionId,
      phone: text.phone,
      direction: "out",
      body: text.body,
      at: time,
      sent_by: "staff" in text.author ? text.author.staff : null,
      automation: "automation" in text.author ? text.author.automation : null,
      status: "waiting",
      status_at: time,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Queues a text in the caller's transaction: its row and its outbox message. Its id. */
export async function queueText(trx: Kysely<Database>, codec: Codec, text: NewOutgoingText): Promise<number> {
  const id = await insertOutgoing(trx, codec, { ...text, submissionId: text.submissionId ?? null });
  await queueMessage(trx, codec, null, "text", text.at, { data: { textId: id }, dueAt: text.dueAt });
  return id;
}

/**
 * A text an outbox message of another kind sends in its place (an intro's reminder, written as it goes:
 * intro/reminderTexts.ts): its row, waiting, and its id in the message's data, in one transaction, so
 * every later attempt of the message finds this text and never writes a second. The row goes with the
 * message's submission, under its person. Its id.
 */
async function attachText(dialect: Dialect, messageId: number, text: Omit<NewOutgoingText, "personId" | "dueAt">): Promise<number> {
  const { codec } = dialect;
  return dialect.write(async (trx) => {
    const row = await trx.selectFrom("outbox").select(["data", "submission_id"]).where("id", "=", messageId).executeTakeFirstOrThrow();
    const data = row.data === null ? {} : (codec.payload(row.data) as OutboxData);
    if (data.textId !== undefined) return data.textId;
    const submissionId = text.submissionId ?? row.submission_id;
    const person = submissionId
      ? await trx.selectFrom("submissions").select("person_id").where("id", "=", submissionId).executeTakeFirst()
      : undefined;
    const id = await insertOutgoing(trx, codec, { ...text, personId: person?.person_id ?? null, submissionId });
    await trx
      .updateTable("outbox")
      .set({ data: JSON.stringify({ ...data, textId: id }) })
      .where("id", "=", messageId)
      .execute();
    return id;
  });
}

/** A person's text to the gym, in the caller's transaction. Its id. */
export async function storeIncoming(
  trx: Kysely<Database>,
  codec: Codec,
  text: { phone: string; body: string; personId: string | null; sid: string; at: Date },
): Promise<number> {
  const time = codec.time(text.at);
  const row = await trx
    .insertInto("texts")
    .values({
      person_id: text.personId,
      phone: text.phone,
      direction: "in",
      body: text.body,
      at: time,
      sid: text.sid,
      status: "received",
      status_at: time,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function toText(row: Selectable<TextsTable>): StoredText {
  return {
    id: Number(row.id),
    personId: row.person_id,
    submissionId: row.submission_id,
    phone: row.phone,
    direction: row.direction,
    body: row.body,
    at: toDate(row.at),
    sentBy: row.sent_by,
    automation: row.automation,
    sid: row.sid,
    status: row.status,
    statusAt: toDate(row.status_at),
    error: row.error,
  };
}

/**
 * Twilio's delivery statuses in the order a text goes through them: a report that comes late (Twilio's
 * "sent" after its "delivered") never takes a text back.
 */
const STATUS_ORDER: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  read: 5,
  canceled: 4,
};

/**
 * The number was handed a text at `at` (migration 24's text_numbers): the consent ledger's period counts
 * from the latest such time (privacy/store.ts purgeTexts), which outlives the texts themselves. Only for
 * a number with a ledger: a number that never agreed or stopped (an answer to HELP from a number nobody
 * has) has no consent to prove, and nothing of it is kept past its texts.
 */
async function markTexted(trx: Kysely<Database>, codec: Codec, phone: string, at: Date): Promise<void> {
  const ledger = await trx.selectFrom("text_consents").select("id").where("phone", "=", phone).limit(1).executeTakeFirst();
  if (!ledger) return;
  const time = codec.time(at);
  await trx
    .insertInto("text_numbers")
    .values({ phone, last_texted_at: time })
    .onConflict((conflict) =>
      conflict.column("phone").doUpdateSet({ last_texted_at: time }).where("text_numbers.last_texted_at", "<", time),
    )
    .execute();
}

/** What Twilio's report on a text did (reportStatus). */
export type ReportOutcome = "unknown" | "recorded" | "mail-instead";

/** Twilio's statuses for a text that will never arrive. */
const UNDELIVERED = new Set(["undelivered", "failed"]);

/**
 * A text that went in place of an outbox message (attachText: an intro's reminder, a no-show's offer)
 * and never arrived: the message it stood for goes back in the queue, due at once, marked to go by
 * e-mail (OutboxData.textUndelivered), in the report's transaction. Its kind's own preparation then
 * decides whether it is still worth sending (a reminder after the intro began is dropped). The same row
 * is taken back, not a second one queued (an offer is one row per booking), and only while it is still
 * sent and still names the text: a second report at the same moment, from another server, waits for
 * the row and then finds it pending, and a cancel or a new time (intro/store.ts dropUnsent) either
 * cleared the text's id first or deletes the row once it is pending. Whether it was queued.
 */
async function mailInstead(
  trx: Kysely<Database>,
  codec: Codec,
  text: { id: number; submission_id: string | null },
  at: Date,
): Promise<boolean> {
  if (text.submission_id === null) return false;
  const sent = await trx
    .selectFrom("outbox")
    .select(["id", "data"])
    .where("submission_id", "=", text.submission_id)
    .where("kind", "!=", "text")
    .where("status", "=", "sent")
    .where("data", "is not", null)
    .execute();
  const stoodFor = sent.find((message) => (codec.payload(message.data!) as OutboxData).textId === text.id);
  if (!stoodFor) return false;
  const { reminder, day } = codec.payload(stoodFor.data!) as OutboxData;
  const time = codec.time(at);
  const queued = await trx
    .updateTable("outbox")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: time,
      sent_at: null,
      last_error: null,
      locked_until: null,
      data: JSON.stringify({ ...(reminder && { reminder }), ...(day && { day }), textUndelivered: text.id } satisfies OutboxData),
    })
    .where("id", "=", stoodFor.id)
    .where("status", "=", "sent")
    .where("data", "is not", null)
    .executeTakeFirst();
  return Number(queued.numUpdatedRows) > 0;
}

/** What takeConsentedText found: the text taken, the number's consent not in force, or no text waiting. */
export type Taken = { text: StoredText } | { refused: string } | { gone: true };

/** "waiting" becomes "sending" in one statement: a text is handed to Twilio once at most. */
async function take(db: Kysely<Database>, codec: Codec, id: number, at: Date): Promise<StoredText | undefined> {
  const row = await db
    .updateTable("texts")
    .set({ status: "sending", status_at: codec.time(at) })
    .where("id", "=", id)
    .where("direction", "=", "out")
    .where("status", "=", "waiting")
    .returningAll()
    .executeTakeFirst();
  return row && toText(row);
}

/** The texts' operations on the store (app/store.ts). */
export interface TextOperations {
  text(id: number): Promise<StoredText | undefined>;
  /** A person's texts, oldest first. */
  textsOf(personId: string): Promise<StoredText[]>;
  /** A number's texts, both ways, oldest first. */
  textsOfNumber(phone: string): Promise<StoredText[]>;
  /**
   * Takes a waiting text to hand it to Twilio: "waiting" becomes "sending" in one statement, so it is
   * handed over once at most, whatever happens after. The text, or undefined when it is not waiting.
   */
  takeText(id: number, at: Date): Promise<StoredText | undefined>;
  /**
   * takeText, for a text that needs the number's consent: the consent is read and the text taken in one
   * transaction, at the number's lock (consentLedger.ts), the lock a STOP takes to end it. A STOP is then
   * either written first, and the text is not taken (not-sent, `refused` says why), or waits until the
   * text is taken, which is then a text that went before the STOP. Read apart, a STOP landing between the
   * two would let one text go after it.
   */
  takeConsentedText(id: number, at: Date, notSent: (state: ConsentState) => string): Promise<Taken>;
  /** What became of a text taken (its sid, Twilio's status; or not-sent, unknown, with why). */
  settleText(id: number, outcome: { status: string; sid?: string; error?: string }, at: Date): Promise<void>;
  /**
   * Twilio's report on a text it took (/api/sms-status): its status, unless it has one further on;
   * `error` is Twilio's error code. "unknown" when no text has that sid (nothing is stored); "mail-instead"
   * when the text stood for a reminder or an offer and never arrived, which is then queued by e-mail.
   */
  reportStatus(sid: string, status: string, error: string | null, at: Date): Promise<ReportOutcome>;
  /** attachText: the text an outbox message sends in its place, written once. Its id. */
  attachText(messageId: number, text: Omit<NewOutgoingText, "personId" | "dueAt">): Promise<number>;
}

export function textQueries(dialect: Dialect): TextOperations {
  const { db, codec } = dialect;
  return {
    attachText: (messageId, text) => attachText(dialect, messageId, text),
    async text(id) {
      const row = await db.selectFrom("texts").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toText(row);
    },
    async textsOf(personId) {
      const rows = await db.selectFrom("texts").selectAll().where("person_id", "=", personId).orderBy("at").orderBy("id").execute();
      return rows.map(toText);
    },
    async textsOfNumber(phone) {
      const rows = await db.selectFrom("texts").selectAll().where("phone", "=", phone).orderBy("at").orderBy("id").execute();
      return rows.map(toText);
    },
    takeText: (id, at) => take(db, codec, id, at),
    takeConsentedText(id, at, notSent) {
      return dialect.write(async (trx): Promise<Taken> => {
        const row = await trx.selectFrom("texts").select("phone").where("id", "=", id).executeTakeFirst();
        if (!row) return { gone: true };
        await dialect.lockAddressKeys(trx, [numberLock(row.phone)]);
        const consent = await consentOf(trx, row.phone);
        if (!mayText(consent)) {
          const reason = notSent(consent);
          const settled = await trx
            .updateTable("texts")
            .set({ status: "not-sent", status_at: codec.time(at), error: reason })
            .where("id", "=", id)
            .where("status", "=", "waiting")
            .executeTakeFirst();
          return Number(settled.numUpdatedRows) > 0 ? { refused: reason } : { gone: true };
        }
        const text = await take(trx, codec, id, at);
        return text ? { text } : { gone: true };
      });
    },
    async settleText(id, { status, sid, error }, at) {
      await dialect.write(async (trx) => {
        const row = await trx
          .updateTable("texts")
          .set({ status, status_at: codec.time(at), ...(sid && { sid }), error: error ?? null })
          .where("id", "=", id)
          .returning("phone")
          .executeTakeFirst();
        // Twilio took it, or may have ("unknown"): the number was texted now.
        if (row && (sid || status === "unknown")) await markTexted(trx, codec, row.phone, at);
      });
    },
    async reportStatus(sid, status, error, at) {
      return dialect.write(async (trx): Promise<ReportOutcome> => {
        const row = await trx
          .selectFrom("texts")
          .select(["id", "status", "submission_id"])
          .where("sid", "=", sid)
          .where("direction", "=", "out")
          .executeTakeFirst();
        if (!row) return "unknown";
        const was = STATUS_ORDER[row.status] ?? 0;
        const rank = STATUS_ORDER[status] ?? 0;
        if (was > rank) return "recorded";
        // Checked again as the row is written: on PostgreSQL a report landing at the same moment ("sent"
        // beside "delivered") waits for the other's write and then finds a status further on, and leaves it.
        const further = Object.keys(STATUS_ORDER).filter((other) => (STATUS_ORDER[other] ?? 0) > rank);
        const written = await trx
          .updateTable("texts")
          .set({ status, status_at: codec.time(at), error })
          .where("id", "=", row.id)
          .$if(further.length > 0, (query) => query.where("status", "not in", further))
          .executeTakeFirst();
        if (Number(written.numUpdatedRows) === 0) return "recorded";
        // Once: a second report of a text already final (Twilio's "failed" after "undelivered", or the same
        // report posted again) queues nothing more.
        if (
          UNDELIVERED.has(status) &&
          was < STATUS_ORDER.delivered! &&
          (await mailInstead(trx, codec, { id: Number(row.id), submission_id: row.submission_id }, at))
        )
          return "mail-instead";
        return "recorded";
      });
    },
  };
}
