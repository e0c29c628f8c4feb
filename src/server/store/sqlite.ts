import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { migrations } from "./migrations";
import type {
  Booking,
  CancelResult,
  ClaimedMessage,
  DeletionRecord,
  FormName,
  ListFilter,
  NewSubmission,
  OutboxKind,
  OutboxMessage,
  OutboxStatus,
  PurgeCutoffs,
  PurgeReport,
  StoredSubmission,
  StoredWaiver,
  SubmissionStore,
} from "./types";
import { AlreadyBookedError, CONFIRMATION_INTERVAL_MS, limiterSettings, requesterOf, SlotTakenError } from "./types";

/** The expression migration 4 indexes: a query must use it exactly for SQLite to use the index. */
export const EMAIL_KEY = "json_extract(payload, '$.email')";

/**
 * Gatsby bundles each function with webpack, which breaks better-sqlite3's own search for its native
 * addon; pointing it at the built file (resolved from the project root) works bundled or not.
 */
function nativeBinding(): string | undefined {
  const file = path.resolve(process.cwd(), "node_modules/better-sqlite3/build/Release/better_sqlite3.node");
  return fs.existsSync(file) ? file : undefined;
}

interface SubmissionRow {
  id: string;
  form: string;
  created_at: string;
  payload: string;
  spam: string | null;
}

interface OutboxRow {
  id: number;
  submission_id: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

function toSubmission(row: SubmissionRow): StoredSubmission {
  return {
    id: row.id,
    form: row.form as FormName,
    createdAt: new Date(row.created_at),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    spam: row.spam,
  };
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    kind: row.kind as OutboxKind,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: toDate(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: toDate(row.sent_at),
    createdAt: new Date(row.created_at),
  };
}

interface BookingRow extends SubmissionRow {
  coach: string;
  starts_at: string;
  ends_at: string;
  cancelled_at: string | null;
}

interface DeletionRow {
  reference: string;
  form: string;
  received_at: string;
  deleted_at: string;
  requested_by: string;
}

interface WaiverRow {
  version: string;
  text: string;
  first_accepted_at: string;
}

function toBooking(row: BookingRow): Booking {
  return {
    coach: row.coach,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    cancelledAt: toDate(row.cancelled_at),
    submission: toSubmission(row),
  };
}

/** better-sqlite3's error for a second active booking of one coach and start. */
function isSlotConflict(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "SQLITE_CONSTRAINT_UNIQUE" && Boolean(message?.includes("intro_bookings."));
}

export function migrateSqlite(db: Database.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  // IMMEDIATE takes the write lock first, so two processes starting together cannot both migrate.
  const apply = db.transaction(() => {
    const done = new Set(
      (db.prepare("SELECT version FROM schema_migrations").all() as Array<{ version: number }>).map((row) => row.version),
    );
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      db.exec(migration.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }
  });
  apply.immediate();
}

function open(file: string): Database.Database {
  const binding = nativeBinding();
  const db = new Database(file, binding ? { nativeBinding: binding } : {});
  // A deleted row's bytes are overwritten with zeros instead of left in the page's free space.
  db.pragma("secure_delete = ON");
  return db;
}

/**
 * After a deletion, no copy of the deleted rows may stay in the files. secure_delete zeroes a deleted
 * row, but not the stale copies that page splits left behind in rows written before it was on (every
 * row of a database older than migration 4, or written by another tool); VACUUM rewrites every page
 * from the live rows only. The WAL still holds the old page images until a TRUNCATE checkpoint empties it.
 */
function scrub(db: Database.Database): void {
  try {
    db.exec("VACUUM");
    const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>;
    if (result?.busy) throw new Error("another connection kept reading the database");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The rows are deleted, but old copies could not be wiped from the database file yet (${reason}); the next purge wipes them.`,
    );
  }
}

export function openSqliteStore(file: string): SubmissionStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = open(file);
  // WAL lets the staff CLI read while the site writes; FULL syncs the WAL on every commit, so a row is
  // on disk before the visitor is told it arrived, even if the machine loses power.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrateSqlite(db);

  const insertSubmission = db.prepare(
    "INSERT INTO submissions (id, form, created_at, payload, spam) VALUES (@id, @form, @created_at, @payload, @spam)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)",
  );
  const insertBooking = db.prepare(
    "INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email) VALUES (?, ?, ?, ?, ?)",
  );
  // Overlap, not just the same start: staff may change the slot length or move a window after bookings exist.
  const coachBusy = db.prepare(
    "SELECT 1 FROM intro_bookings WHERE coach = ? AND cancelled_at IS NULL AND starts_at < ? AND ends_at > ? LIMIT 1",
  );
  const addressBooked = db.prepare("SELECT 1 FROM intro_bookings WHERE email = ? AND cancelled_at IS NULL AND ends_at > ? LIMIT 1");
  const recentConfirmation = db.prepare(
    `SELECT 1 FROM outbox JOIN intro_bookings ON intro_bookings.submission_id = outbox.submission_id
     WHERE outbox.kind = 'confirmation' AND intro_bookings.email = ? AND outbox.created_at > ? LIMIT 1`,
  );
  const keepWaiver = db.prepare("INSERT INTO waivers (version, text, first_accepted_at) VALUES (?, ?, ?) ON CONFLICT (version) DO NOTHING");
  const insert = db.transaction((submission: NewSubmission) => {
    const createdAt = submission.createdAt.toISOString();
    insertSubmission.run({
      id: submission.id,
      form: submission.form,
      created_at: createdAt,
      payload: JSON.stringify(submission.payload),
      spam: submission.spam,
    });
    if (submission.waiver) keepWaiver.run(submission.waiver.version, submission.waiver.text, createdAt);
    const { booking } = submission;
    if (booking) {
      const [start, end] = [booking.start.toISOString(), booking.end.toISOString()];
      if (coachBusy.get(booking.coach, end, start)) throw new SlotTakenError(booking.coach, booking.start);
      if (addressBooked.get(booking.email, createdAt)) throw new AlreadyBookedError();
      try {
        insertBooking.run(submission.id, booking.coach, booking.start.toISOString(), booking.end.toISOString(), booking.email);
      } catch (error) {
        if (isSlotConflict(error)) throw new SlotTakenError(booking.coach, booking.start);
        throw error;
      }
    }
    if (submission.spam) return { confirmationQueued: false };
    if (submission.notify) insertMessage.run(submission.id, "staff", createdAt, createdAt);
    if (!submission.confirm || !booking) return { confirmationQueued: false };
    const since = new Date(submission.createdAt.getTime() - CONFIRMATION_INTERVAL_MS).toISOString();
    if (recentConfirmation.get(booking.email, since)) return { confirmationQueued: false };
    insertMessage.run(submission.id, "confirmation", createdAt, createdAt);
    return { confirmationQueued: true };
  });

  const claim = db.transaction((now: string, limit: number, lockedUntil: string) => {
    const rows = db
      .prepare(
        `SELECT * FROM outbox WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
         AND (locked_until IS NULL OR locked_until <= ?) ORDER BY id LIMIT ?`,
      )
      .all(now, now, limit) as OutboxRow[];
    const lock = db.prepare("UPDATE outbox SET locked_until = ? WHERE id = ?");
    for (const row of rows) lock.run(lockedUntil, row.id);
    return rows;
  });

  const getSubmission = db.prepare("SELECT * FROM submissions WHERE id = ?");

  const cancel = db.transaction((id: string, at: string): CancelResult => {
    const changed = db.prepare("UPDATE intro_bookings SET cancelled_at = ? WHERE submission_id = ? AND cancelled_at IS NULL").run(at, id).changes;
    if (changed === 0) return db.prepare("SELECT 1 FROM intro_bookings WHERE submission_id = ?").get(id) ? "already-cancelled" : "not-found";
    // A confirmation not yet sent would tell the visitor to come to a booking that no longer exists.
    db.prepare("DELETE FROM outbox WHERE submission_id = ? AND kind = 'confirmation' AND status = 'pending'").run(id);
    return "cancelled";
  });

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
    return report;
  });

  // Rate-limit counts go through a connection of their own that does not sync every commit: losing the
  // last second of counts in a power cut is harmless, an fsync on every request is not free.
  let limiterDb: Database.Database | undefined;
  const limiterConnection = () => {
    if (!limiterDb) {
      limiterDb = open(file);
      limiterDb.pragma("synchronous = NORMAL");
      limiterDb.pragma("busy_timeout = 5000");
    }
    return limiterDb;
  };

  return {
    kind: "sqlite",
    async insert(submission) {
      // IMMEDIATE: the write lock is taken first, so the confirmation check and the rows it guards are one step.
      return insert.immediate(submission);
    },
    async get(id) {
      const row = getSubmission.get(id) as SubmissionRow | undefined;
      return row ? toSubmission(row) : undefined;
    },
    async list(filter: ListFilter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (!filter.includeSpam) where.push("spam IS NULL");
      if (filter.form) {
        where.push("form = ?");
        params.push(filter.form);
      }
      if (filter.since) {
        where.push("created_at >= ?");
        params.push(filter.since.toISOString());
      }
      const sql = `SELECT * FROM submissions ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at, id`;
      return (db.prepare(sql).all(...params) as SubmissionRow[]).map(toSubmission);
    },
    async claimDue(now, limit, lockMs) {
      const rows = claim.immediate(now.toISOString(), limit, new Date(now.getTime() + lockMs).toISOString());
      return rows.map((row) => {
        const submission = getSubmission.get(row.submission_id) as SubmissionRow;
        return { ...toMessage(row), submission: toSubmission(submission) } satisfies ClaimedMessage;
      });
    },
    async markSent(messageId, at) {
      db.prepare("UPDATE outbox SET status = 'sent', sent_at = ?, locked_until = NULL, attempts = attempts + 1 WHERE id = ?").run(
        at.toISOString(),
        messageId,
      );
    },
    async markFailed(messageId, error, retryAt) {
      db.prepare(
        `UPDATE outbox SET attempts = attempts + 1, last_error = ?, locked_until = NULL,
         status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = ? WHERE id = ?`,
      ).run(error.slice(0, 1000), retryAt?.toISOString() ?? null, retryAt?.toISOString() ?? null, messageId);
    },
    async outbox(statuses = ["pending", "sent", "failed"]) {
      const marks = statuses.map(() => "?").join(", ");
      return (db.prepare(`SELECT * FROM outbox WHERE status IN (${marks}) ORDER BY id`).all(...statuses) as OutboxRow[]).map(toMessage);
    },
    async retryFailed(now) {
      return db.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = ? WHERE status = 'failed'").run(now.toISOString()).changes;
    },
    async takenSlots(from) {
      const rows = db
        .prepare("SELECT coach, starts_at, ends_at FROM intro_bookings WHERE cancelled_at IS NULL AND ends_at > ?")
        .all(from.toISOString()) as Array<{ coach: string; starts_at: string; ends_at: string }>;
      return rows.map((row) => ({ coach: row.coach, start: new Date(row.starts_at), end: new Date(row.ends_at) }));
    },
    async bookings(from) {
      const rows = db
        .prepare(
          `SELECT submissions.*, coach, starts_at, ends_at, cancelled_at FROM intro_bookings
           JOIN submissions ON submissions.id = intro_bookings.submission_id
           WHERE starts_at >= ? ORDER BY starts_at, coach`,
        )
        .all(from.toISOString()) as BookingRow[];
      return rows.map(toBooking);
    },
    async cancelBooking(id, at) {
      return cancel.immediate(id, at.toISOString());
    },
    async findByEmail(email) {
      const rows = db
        .prepare(`SELECT * FROM submissions WHERE ${EMAIL_KEY} = ? ORDER BY created_at, id`)
        .all(email.trim().toLowerCase()) as SubmissionRow[];
      return rows.map(toSubmission);
    },
    async deleteSubmissions(ids, reason, at) {
      const deleted = remove.immediate(ids, requesterOf(reason), at.toISOString());
      if (deleted.length > 0) scrub(db);
      return deleted;
    },
    async forgetHealth(id) {
      const forgotten = forgetHealth.immediate(id);
      if (forgotten) scrub(db);
      return forgotten;
    },
    async purge(cutoffs, at) {
      const report = purge.immediate(cutoffs, at.toISOString());
      // Every time, not only when rows went: a scrub that failed last time (the file busy) is done now.
      scrub(db);
      return report;
    },
    async deletions() {
      const rows = db.prepare("SELECT * FROM deletions ORDER BY deleted_at, id").all() as DeletionRow[];
      return rows.map(
        (row): DeletionRecord => ({
          reference: row.reference,
          form: row.form as FormName,
          receivedAt: new Date(row.received_at),
          deletedAt: new Date(row.deleted_at),
          requestedBy: row.requested_by,
        }),
      );
    },
    async waivers() {
      const rows = db.prepare("SELECT * FROM waivers ORDER BY first_accepted_at, version").all() as WaiverRow[];
      return rows.map((row): StoredWaiver => ({ version: row.version, text: row.text, firstAcceptedAt: new Date(row.first_accepted_at) }));
    },
    rateLimiter(options) {
      return new RateLimiterSQLite({ ...limiterSettings(options), storeClient: limiterConnection(), storeType: "better-sqlite3" });
    },
    async close() {
      limiterDb?.close();
      db.close();
    },
  };
}
