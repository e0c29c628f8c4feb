import type { Pool, PoolClient } from "pg";
import { type DeletionRow, toDeletionRecord, toStoredWaiver, type WaiverRow } from "../records";
import type { PrivacyOperations, PurgeReport } from "../types";
import { requesterOf } from "../types";
import { type SubmissionRow, toSubmission } from "./rows";
import { inTransaction } from "./transaction";

/** The expression migration 4 indexes: a query must use it exactly for PostgreSQL to use the index. */
export const EMAIL_KEY = "(payload->>'email')";

type Gone = Pick<SubmissionRow, "id" | "form" | "created_at">;

/**
 * Deletes the submissions `where` selects, their outbox rows first (that foreign key has no cascade;
 * bookings' has). What DELETE returns is what this transaction removed, so two processes purging at
 * once never log one row twice.
 */
async function deleteWhere(client: PoolClient, where: string, params: unknown[]): Promise<Gone[]> {
  await client.query(`DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE ${where})`, params);
  const { rows } = await client.query<Gone>(`DELETE FROM submissions WHERE ${where} RETURNING id, form, created_at`, params);
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
}

async function logDeletions(client: PoolClient, gone: readonly Gone[], at: Date, requestedBy: string): Promise<void> {
  if (gone.length === 0) return;
  await client.query(
    `INSERT INTO deletions (reference, form, received_at, deleted_at, requested_by)
     SELECT reference, form, received_at, $4, $5 FROM unnest($1::text[], $2::text[], $3::timestamptz[])
     WITH ORDINALITY AS gone (reference, form, received_at, n) ORDER BY n`,
    [gone.map((g) => g.id), gone.map((g) => g.form), gone.map((g) => g.created_at), at, requestedBy],
  );
}

export function postgresPrivacy(pool: Pool): PrivacyOperations {
  return {
    async findByEmail(email) {
      const { rows } = await pool.query<SubmissionRow>(`SELECT * FROM submissions WHERE ${EMAIL_KEY} = $1 ORDER BY created_at, id`, [
        email.trim().toLowerCase(),
      ]);
      return rows.map(toSubmission);
    },
    async deleteSubmissions(ids, reason, at) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return [];
      const gone = await inTransaction(pool, async (client) => {
        const rows = await deleteWhere(client, "id = ANY($1)", [wanted]);
        await logDeletions(client, rows, at, requesterOf(reason));
        return new Set(rows.map((row) => row.id));
      });
      return wanted.filter((id) => gone.has(id));
    },
    async forgetHealth(id) {
      return inTransaction(pool, async (client) => {
        const { rowCount } = await client.query(
          "UPDATE submissions SET payload = payload - 'healthInfo' - 'healthConsent' WHERE id = $1 AND payload ? 'healthInfo'",
          [id],
        );
        if (!rowCount) return false;
        await client.query("DELETE FROM outbox WHERE submission_id = $1 AND status IN ('pending', 'failed')", [id]);
        return true;
      });
    },
    async purge(cutoffs, at) {
      return inTransaction(pool, async (client) => {
        const spam = await deleteWhere(client, "spam IS NOT NULL AND created_at < $1", [cutoffs.spamBefore]);
        const report: PurgeReport = { spam: spam.length, forms: {} };
        for (const { form, before } of cutoffs.forms) {
          const gone = await deleteWhere(client, "form = $1 AND spam IS NULL AND created_at < $2", [form, before]);
          await logDeletions(client, gone, at, "retention");
          report.forms[form] = (report.forms[form] ?? 0) + gone.length;
        }
        return report;
      });
    },
    async deletions() {
      const { rows } = await pool.query<DeletionRow>("SELECT * FROM deletions ORDER BY deleted_at, id");
      return rows.map(toDeletionRecord);
    },
    async waivers() {
      const { rows } = await pool.query<WaiverRow>("SELECT * FROM waivers ORDER BY first_accepted_at, version");
      return rows.map(toStoredWaiver);
    },
  };
}
