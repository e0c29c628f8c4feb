import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import type { CancelResult, ClaimedMessage, StoreLimiter, ListFilter, NewSubmission, SubmissionStore } from "../types";
import { AlreadyBookedError, CONFIRMATION_INTERVAL_MS, limiterSettings, SlotTakenError } from "../types";
import { migrateSqlite, open } from "./connection";
import { sqlitePrivacy } from "./privacy";
import { type BookingRow, type OutboxRow, type SubmissionRow, toBooking, toMessage, toSubmission } from "./rows";

export { migrateSqlite } from "./connection";
export { EMAIL_KEY } from "./privacy";

/** better-sqlite3's error for a second active booking of one coach and start. */
function isSlotConflict(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "SQLITE_CONSTRAINT_UNIQUE" && Boolean(message?.includes("intro_bookings."));
}

/**
 * How long a statement waits for another process's lock (the staff CLI's VACUUM, another server) before
 * SQLITE_BUSY. better-sqlite3 waits on the event loop's thread, so the site keeps this short: a visitor
 * gets a 503 with Retry-After, and every other request, pages included, goes on. The CLI can wait longer.
 */
export const SITE_BUSY_TIMEOUT_MS = 200;

export function openSqliteStore(file: string, { busyTimeoutMs = SITE_BUSY_TIMEOUT_MS } = {}): SubmissionStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = open(file);
  // WAL lets the staff CLI read while the site writes; FULL syncs the WAL on every commit, so a row is
  // on disk before the visitor is told it arrived, even if the machine loses power.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  migrateSqlite(db);

  const insertSubmission = db.prepare(
    "INSERT INTO submissions (id, form, created_at, payload, spam) VALUES (@id, @form, @created_at, @payload, @spam)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)",
  );
  const insertBooking = db.prepare("INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email) VALUES (?, ?, ?, ?, ?)");
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
  const unmarkSpam = db.prepare("UPDATE submissions SET spam = NULL WHERE id = ? AND spam IS NOT NULL");
  const restore = db.transaction((id: string, notify: boolean, at: string): boolean => {
    if (unmarkSpam.run(id).changes === 0) return false;
    if (notify) insertMessage.run(id, "staff", at, at);
    return true;
  });

  const cancel = db.transaction((id: string, at: string): CancelResult => {
    const changed = db
      .prepare("UPDATE intro_bookings SET cancelled_at = ? WHERE submission_id = ? AND cancelled_at IS NULL")
      .run(at, id).changes;
    if (changed === 0)
      return db.prepare("SELECT 1 FROM intro_bookings WHERE submission_id = ?").get(id) ? "already-cancelled" : "not-found";
    // A confirmation not yet sent would tell the visitor to come to a booking that no longer exists.
    db.prepare("DELETE FROM outbox WHERE submission_id = ? AND kind = 'confirmation' AND status = 'pending'").run(id);
    return "cancelled";
  });

  // Rate-limit counts go through a connection of their own that does not sync every commit: losing the
  // last second of counts in a power cut is harmless, an fsync on every request is not free.
  let limiterDb: Database.Database | undefined;
  const limiterConnection = () => {
    if (!limiterDb) {
      limiterDb = open(file);
      limiterDb.pragma("synchronous = NORMAL");
      limiterDb.pragma(`busy_timeout = ${busyTimeoutMs}`);
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
    async restoreSpam(id, notify, now) {
      return restore.immediate(id, notify, now.toISOString());
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
    ...sqlitePrivacy(db),
    rateLimiter(options) {
      // clearExpired is in both SQL limiters, not in their published types (see StoreLimiter).
      return new RateLimiterSQLite({
        ...limiterSettings(options),
        storeClient: limiterConnection(),
        storeType: "better-sqlite3",
      }) as unknown as StoreLimiter;
    },
    async close() {
      limiterDb?.close();
      db.close();
    },
  };
}
