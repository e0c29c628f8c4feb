import type { Kysely } from "kysely";
import { CONFIRM_LINK_DAYS } from "../../forms/privacyRequest/rules";
import { hashToken, newToken } from "../staff/auth";
import type { Codec, Dialect } from "../store/dialect";
import { queueMessage } from "../outbox/store";
import { toDate } from "../store/rows";
import type { Database } from "../store/schema";
import type { RequestConfirmation, RequestOperations } from "./types";
import type { FormStep } from "../forms/types";

/** How long a privacy request's link works after it is made. */
export const CONFIRM_LINK_TTL_MS = CONFIRM_LINK_DAYS * 86_400_000;

/**
 * In the caller's transaction: the link that confirms a privacy request, for the address it names. The
 * store keeps the token's hash and the expiry; the raw token goes only into the e-mail's outbox row,
 * which is cleared once the e-mail is sent (or given up on).
 */
export async function mintConfirmationLink(trx: Kysely<Database>, codec: Codec, id: string, at: Date): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(at.getTime() + CONFIRM_LINK_TTL_MS);
  await trx
    .insertInto("request_confirmations")
    .values({ submission_id: id, token_hash: hashToken(token), expires_at: codec.time(expiresAt), confirmed_at: null, confirmed_by: null })
    .execute();
  await queueMessage(trx, codec, id, "privacy-confirm", at, { data: { token, expiresAt: expiresAt.toISOString() } });
}

/**
 * A privacy request's part of storing it (forms/store.ts): it is acted on only once the person whose
 * address it names confirms it, so instead of the staff alert they are mailed the link, and staff get
 * their alert when it is used (confirmRequest).
 */
export function requestStep(dialect: Dialect): FormStep {
  return { alert: (trx, id, at) => mintConfirmationLink(trx, dialect.codec, id, at) };
}

/** The request's staff alert: queued when it is confirmed, so the alert's own time is when the answer's clock started. */
async function alertStaff(trx: Kysely<Database>, codec: Codec, id: string, at: Date, notify: boolean): Promise<void> {
  if (notify) await queueMessage(trx, codec, id, "staff", at);
}

export function requestQueries(dialect: Dialect): RequestOperations {
  const { db, codec } = dialect;
  return {
    async requestConfirmations(ids) {
      const found = new Map<string, RequestConfirmation>();
      if (ids.length === 0) return found;
      const wanted = [...new Set(ids)];
      const rows = await db.selectFrom("request_confirmations").selectAll().where("submission_id", "in", wanted).execute();
      const mails = await db
        .selectFrom("outbox")
        .select(["submission_id", "status", "sent_at"])
        .where("kind", "=", "privacy-confirm")
        .where("submission_id", "in", wanted)
        .orderBy("id")
        .execute();
      // The newest mail of each request wins (a request restored from spam could have had an older one).
      const mailOf = new Map(
        mails.map((m) => [m.submission_id, { status: m.status, sentAt: m.sent_at === null ? null : toDate(m.sent_at) }]),
      );
      for (const row of rows) {
        found.set(row.submission_id, {
          expiresAt: row.expires_at === null ? null : toDate(row.expires_at),
          confirmedAt: row.confirmed_at === null ? null : toDate(row.confirmed_at),
          confirmedBy: row.confirmed_by,
          mail: mailOf.get(row.submission_id) ?? null,
        });
      }
      return found;
    },

    async confirmRequest(tokenHash, at, { notify }) {
      return dialect.write(async (trx) => {
        const time = codec.time(at);
        // One statement spends the link: of two clicks at once, the second finds it confirmed.
        const spent = await trx
          .updateTable("request_confirmations")
          .set({ confirmed_at: time, confirmed_by: "link" })
          .where("token_hash", "=", tokenHash)
          .where("confirmed_at", "is", null)
          .where("expires_at", ">", time)
          .returning("submission_id")
          .executeTakeFirst();
        if (spent) {
          await alertStaff(trx, codec, spent.submission_id, at, notify);
          return { state: "confirmed", reference: spent.submission_id, confirmedAt: at };
        }
        const row = await trx
          .selectFrom("request_confirmations")
          .select(["submission_id", "confirmed_at"])
          .where("token_hash", "=", tokenHash)
          .executeTakeFirst();
        if (!row) return { state: "unknown" };
        if (row.confirmed_at !== null)
          return { state: "already-confirmed", reference: row.submission_id, confirmedAt: toDate(row.confirmed_at) };
        return { state: "expired" };
      });
    },

    async verifyRequest(id, how, at, { notify }) {
      return dialect.write(async (trx) => {
        const submission = await trx.selectFrom("submissions").select(["form", "spam"]).where("id", "=", id).executeTakeFirst();
        if (submission?.form !== "privacy-request") return { state: "not-found" };
        if (submission.spam !== null) return { state: "spam" };
        // A request that never had a link (mail was not set up) has no row yet.
        await trx
          .insertInto("request_confirmations")
          .values({ submission_id: id, token_hash: null, expires_at: null, confirmed_at: null, confirmed_by: null })
          .onConflict((conflict) => conflict.column("submission_id").doNothing())
          .execute();
        const time = codec.time(at);
        const verified = await trx
          .updateTable("request_confirmations")
          .set({ confirmed_at: time, confirmed_by: how })
          .where("submission_id", "=", id)
          .where("confirmed_at", "is", null)
          .executeTakeFirst();
        if (Number(verified.numUpdatedRows) === 0) {
          const row = await trx
            .selectFrom("request_confirmations")
            .select(["confirmed_at", "confirmed_by"])
            .where("submission_id", "=", id)
            .executeTakeFirstOrThrow();
          // Unreachable by the table's CHECK: a row not updated here is confirmed, and names how.
          if (row.confirmed_at === null || row.confirmed_by === null) throw new Error(`${id}'s confirmation could not be read`);
          return { state: "already-confirmed", confirmedAt: toDate(row.confirmed_at), confirmedBy: row.confirmed_by };
        }
        await alertStaff(trx, codec, id, at, notify);
        return { state: "verified", confirmedAt: at };
      });
    },
  };
}
