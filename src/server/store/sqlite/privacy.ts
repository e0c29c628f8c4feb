import type Database from "better-sqlite3";
import { type DeletionRow, toDeletionRecord, toStoredWaiver, type WaiverRow } from "../records";
import type { PrivacyOperations, PurgeCutoffs, PurgeReport } from "../types";
import { requesterOf } from "../types";
import { type SubmissionRow, toSubmission } from "./rows";

/** The expression migration 4 indexes: a query must use it exactly for SQLite to use the index. */
export const EMAIL_KEY = "json_extract(payload, '$.email')";

/** A deleted row's bytes are overwritten with zeros instead of left in the page's free space. */
export function zeroDeletedRows(db: Database.Database): void {
  db.pragma("secure_delete = ON");
}

/**
 * A deletion marks a scrub owed in the same transaction, and only a finished scrub clears the mark, so
 * one that fails (the file busy) is done by the next purge even if that one deletes nothing, and a
 * purge that deletes nothing leaves the file alone. The header's user_version holds the mark: nothing
 * else here uses it (migrations are kept in schema_migrations), and every process sees it.
 */
const SCRUB_OWED = 1;
const markScrubOwed = (db: Database.Database) => db.pragma(`user_version = ${SCRUB_OWED}`);

/**
 * After a deletion, no copy of the deleted rows may stay in the files. secure_delete zeroes a deleted
 * row, but not the stale copies that page splits left behind in rows written before it was on (every
 * row of a database older than migration 4, or written by another tool); VACUUM rewrites every page
 * from the live rows only. The WAL still holds the old page images until a TRUNCATE checkpoint empties it.
 */
function scrub(db: Database.Database): void {
  try {
    db.exec("VACUUM");
    // Cleared before the checkpoint, which must leave the WAL empty; marked again if it cannot.
    db.pragma("user_version = 0");
    const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>;
    if (result?.busy) {
      markScrubOwed(db);
      throw new Error("another connection kept reading the database");
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The rows are deleted, but old copies could not be wiped from the database file yet (${reason}); the next purge wipes them.`,
    );
  }
}

function scrubIfOwed(db: Database.Database): void {
  if (db.pragma("user_version", { simple: true }) === SCRUB_OWED) scrub(db);
}

/** Prepares the privacy statements on the store's connection (once, when the store opens). */
export function sqlitePrivacy(db: Database.Database): PrivacyOperations {
  // The outbox's foreign key has no ON DELETE CASCADE (intro_bookings' has), so its rows go first.
  const findForDeletion = db.prepare("SELECT form, created_at FROM submissions WHERE id = ?");
  const deleteMessagesOf = db.prepare("DELETE FROM outbox WHERE submission_id = ?");
  const deleteSubmission = db.prepare("DELETE FROM submissions WHERE id = ?");
  const recordDeletion = db.prepare(
    "INSERT INTO deletions (reference, form, received_at, deleted_at, requested_by) VALUES (?, ?, ?, ?, ?)",
  );
  const remove = db.transaction((ids: readonly string[], requestedBy: string, at: string) => {
    const deleted: string[] = [];
    for (const id of new Set(ids)) {
      const row = findForDeletion.get(id) as Pick<SubmissionRow, "form" | "created_at"> | undefined;
      if (!row) continue;
      deleteMessagesOf.run(id);
      deleteSubmission.run(id);
      recordDeletion.run(id, row.form, row.created_at, at, requestedBy);
      deleted.push(id);
    }
    if (deleted.length > 0) markScrubOwed(db);
    return deleted;
  });

  // json_type is NULL only when the key is absent (a JSON null gives 'null'), so any healthInfo counts.
  const removeHealth = db.prepare(
    "UPDATE submissions SET payload = json_remove(payload, '$.healthInfo', '$.healthConsent') WHERE id = ? AND json_type(payload, '$.healthInfo') IS NOT NULL",
  );
  const deleteUnsentOf = db.prepare("DELETE FROM outbox WHERE submission_id = ? AND status IN ('pending', 'failed')");
  const forgetHealth = db.transaction((id: string): boolean => {
    if (removeHealth.run(id).changes === 0) return false;
    deleteUnsentOf.run(id);
    markScrubOwed(db);
    return true;
  });

  const SPAM = "spam IS NOT NULL AND created_at < @before";
  const REAL = "form = @form AND spam IS NULL AND created_at < @before";
  const purgeSpamMessages = db.prepare(`DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE ${SPAM})`);
  const purgeSpam = db.prepare(`DELETE FROM submissions WHERE ${SPAM}`);
  const recordExpired = db.prepare(
    `INSERT INTO deletions (reference, form, received_at, deleted_at, requested_by)
     SELECT id, form, created_at, @at, 'retention' FROM submissions WHERE ${REAL} ORDER BY created_at, id`,
  );
  const purgeMessages = db.prepare(`DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE ${REAL})`);
  const purgeExpired = db.prepare(`DELETE FROM submissions WHERE ${REAL}`);
  const purge = db.transaction((cutoffs: PurgeCutoffs, at: string): PurgeReport => {
    const spamBefore = { before: cutoffs.spamBefore.toISOString() };
    purgeSpamMessages.run(spamBefore);
    // `changes` counts only the statement's own rows, not the bookings its cascade removes.
    const report: PurgeReport = { spam: purgeSpam.run(spamBefore).changes, forms: {} };
    for (const { form, before } of cutoffs.forms) {
      const params = { form, before: before.toISOString() };
      recordExpired.run({ ...params, at });
      purgeMessages.run(params);
      report.forms[form] = (report.forms[form] ?? 0) + purgeExpired.run(params).changes;
    }
    if (report.spam + Object.values(report.forms).reduce((sum, count) => sum + count, 0) > 0) markScrubOwed(db);
    return report;
  });

  return {
    async findByEmail(email) {
      const rows = db
        .prepare(`SELECT * FROM submissions WHERE ${EMAIL_KEY} = ? ORDER BY created_at, id`)
        .all(email.trim().toLowerCase()) as SubmissionRow[];
      return rows.map(toSubmission);
    },
    async deleteSubmissions(ids, reason, at) {
      const deleted = remove.immediate(ids, requesterOf(reason), at.toISOString());
      scrubIfOwed(db);
      return deleted;
    },
    async forgetHealth(id) {
      const forgotten = forgetHealth.immediate(id);
      scrubIfOwed(db);
      return forgotten;
    },
    async purge(cutoffs, at) {
      const report = purge.immediate(cutoffs, at.toISOString());
      // VACUUM rewrites the whole file and holds it meanwhile: only when there is something to wipe.
      scrubIfOwed(db);
      return report;
    },
    async deletions() {
      return (db.prepare("SELECT * FROM deletions ORDER BY deleted_at, id").all() as DeletionRow[]).map(toDeletionRecord);
    },
    async waivers() {
      return (db.prepare("SELECT * FROM waivers ORDER BY first_accepted_at, version").all() as WaiverRow[]).map(toStoredWaiver);
    },
  };
}
