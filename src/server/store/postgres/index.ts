import { Pool } from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { errorSummary } from "../../log";
import { migrations } from "../migrations";
import type { ClaimedMessage, StoreLimiter, ListFilter, OutboxKind, SubmissionStore } from "../types";
import { AlreadyBookedError, CONFIRMATION_INTERVAL_MS, limiterSettings, SlotTakenError } from "../types";
import { postgresPrivacy } from "./privacy";
import { type BookingRow, type OutboxRow, type SubmissionRow, toBooking, toMessage, toSubmission } from "./rows";
import { inTransaction } from "./transaction";

export { EMAIL_KEY } from "./privacy";

/** pg's error for a second active booking of one coach and start (unique_violation on our index). */
function isSlotConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === "23505" && constraint === "intro_bookings_slot";
}

/** Namespaces of the per-coach and per-address booking locks (pg_advisory_xact_lock's first key). */
const LOCK_COACH = 7_263_101;
const LOCK_ADDRESS = 7_263_102;

/** Any number for pg_advisory_xact_lock, fixed so every process starting at once waits for the first. */
const MIGRATION_LOCK = 7_263_001;

export async function migratePostgres(pool: Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)",
    );
    const done = new Set((await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())", [
        migration.version,
        migration.name,
      ]);
    }
  });
}

/**
 * Bounds on every wait, so a database that is down or stuck gives the visitor a 503 in seconds, not a
 * request that hangs: connecting, each statement, each lock, and a transaction left open by a bug.
 */
const POOL_SETTINGS = {
  max: 5,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 10_000,
  lock_timeout: 5_000,
  idle_in_transaction_session_timeout: 30_000,
} as const;

/** Same tables and behaviour as the SQLite store, for hosts whose functions have no durable disk. */
export async function openPostgresStore(connectionString: string): Promise<SubmissionStore> {
  const pool = new Pool({ connectionString, ...POOL_SETTINGS });
  // An idle connection the server drops (a restart, a failover) is reported here; without a listener
  // it would be an unhandled 'error' event and end the process. The pool opens a new one when asked.
  pool.on("error", (error) => console.error(`A PostgreSQL connection was lost; the next request opens another: ${errorSummary(error)}`));
  // While the database is unreachable every request tries again; each failed try must not leave a pool behind.
  await migratePostgres(pool).catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });

  return {
    kind: "postgres",
    async insert(submission) {
      return inTransaction(pool, async (client) => {
        await client.query("INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ($1, $2, $3, $4, $5)", [
          submission.id,
          submission.form,
          submission.createdAt,
          JSON.stringify(submission.payload),
          submission.spam,
        ]);
        if (submission.waiver) {
          await client.query(
            "INSERT INTO waivers (version, text, first_accepted_at) VALUES ($1, $2, $3) ON CONFLICT (version) DO NOTHING",
            [submission.waiver.version, submission.waiver.text, submission.createdAt],
          );
        }
        const { booking } = submission;
        if (booking) {
          // Bookings of one coach, and bookings by one address, wait for each other here (always in
          // that order, so two never wait on each other), so the checks below see every committed one.
          await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_COACH, booking.coach]);
          await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_ADDRESS, booking.email]);
          const busy = await client.query(
            "SELECT 1 FROM intro_bookings WHERE coach = $1 AND cancelled_at IS NULL AND starts_at < $2 AND ends_at > $3 LIMIT 1",
            [booking.coach, booking.end, booking.start],
          );
          if (busy.rowCount) throw new SlotTakenError(booking.coach, booking.start);
          const booked = await client.query(
            "SELECT 1 FROM intro_bookings WHERE email = $1 AND cancelled_at IS NULL AND ends_at > $2 LIMIT 1",
            [booking.email, submission.createdAt],
          );
          if (booked.rowCount) throw new AlreadyBookedError();
          await client
            .query("INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email) VALUES ($1, $2, $3, $4, $5)", [
              submission.id,
              booking.coach,
              booking.start,
              booking.end,
              booking.email,
            ])
            .catch((error: unknown) => {
              throw isSlotConflict(error) ? new SlotTakenError(booking.coach, booking.start) : error;
            });
        }
        if (submission.spam) return { confirmationQueued: false };
        const queue = (kind: OutboxKind) =>
          client.query(
            "INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, 'pending', 0, $3, $3)",
            [submission.id, kind, submission.createdAt],
          );
        if (submission.notify) await queue("staff");
        if (!submission.confirm || !booking) return { confirmationQueued: false };
        // The address's lock above is held, so two bookings at once cannot both queue one.
        const { rowCount } = await client.query(
          `SELECT 1 FROM outbox JOIN intro_bookings ON intro_bookings.submission_id = outbox.submission_id
           WHERE outbox.kind = 'confirmation' AND intro_bookings.email = $1 AND outbox.created_at > $2 LIMIT 1`,
          [booking.email, new Date(submission.createdAt.getTime() - CONFIRMATION_INTERVAL_MS)],
        );
        if (rowCount) return { confirmationQueued: false };
        await queue("confirmation");
        return { confirmationQueued: true };
      });
    },
    async get(id) {
      const { rows } = await pool.query<SubmissionRow>("SELECT * FROM submissions WHERE id = $1", [id]);
      return rows[0] ? toSubmission(rows[0]) : undefined;
    },
    async list(filter: ListFilter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (!filter.includeSpam) where.push("spam IS NULL");
      if (filter.form) {
        params.push(filter.form);
        where.push(`form = $${params.length}`);
      }
      if (filter.since) {
        params.push(filter.since);
        where.push(`created_at >= $${params.length}`);
      }
      const { rows } = await pool.query<SubmissionRow>(
        `SELECT * FROM submissions ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at, id`,
        params,
      );
      return rows.map(toSubmission);
    },
    async claimDue(now, limit, lockMs) {
      // SKIP LOCKED: concurrent senders each take different messages instead of waiting.
      const claimed = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<OutboxRow>(
          `UPDATE outbox SET locked_until = $2 WHERE id IN (
             SELECT id FROM outbox WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
             AND (locked_until IS NULL OR locked_until <= $1) ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
           RETURNING *`,
          [now, new Date(now.getTime() + lockMs), limit],
        );
        return rows;
      });
      const result: ClaimedMessage[] = [];
      for (const row of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
        const { rows } = await pool.query<SubmissionRow>("SELECT * FROM submissions WHERE id = $1", [row.submission_id]);
        if (rows[0]) result.push({ ...toMessage(row), submission: toSubmission(rows[0]) });
      }
      return result;
    },
    async markSent(messageId, at) {
      await pool.query("UPDATE outbox SET status = 'sent', sent_at = $1, locked_until = NULL, attempts = attempts + 1 WHERE id = $2", [
        at,
        messageId,
      ]);
    },
    async markFailed(messageId, error, retryAt) {
      await pool.query(
        `UPDATE outbox SET attempts = attempts + 1, last_error = $1, locked_until = NULL,
         status = CASE WHEN $2::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = $2 WHERE id = $3`,
        [error.slice(0, 1000), retryAt, messageId],
      );
    },
    async outbox(statuses = ["pending", "sent", "failed"]) {
      const { rows } = await pool.query<OutboxRow>("SELECT * FROM outbox WHERE status = ANY($1) ORDER BY id", [statuses]);
      return rows.map(toMessage);
    },
    async retryFailed(now) {
      const result = await pool.query("UPDATE outbox SET status = 'pending', next_attempt_at = $1 WHERE status = 'failed'", [now]);
      return result.rowCount ?? 0;
    },
    async restoreSpam(id, notify, now) {
      return inTransaction(pool, async (client) => {
        const restored = await client.query("UPDATE submissions SET spam = NULL WHERE id = $1 AND spam IS NOT NULL", [id]);
        if (!restored.rowCount) return false;
        if (notify) {
          await client.query(
            "INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at) VALUES ($1, 'staff', 'pending', 0, $2, $2)",
            [id, now],
          );
        }
        return true;
      });
    },
    async takenSlots(from) {
      const { rows } = await pool.query<{ coach: string; starts_at: Date; ends_at: Date }>(
        "SELECT coach, starts_at, ends_at FROM intro_bookings WHERE cancelled_at IS NULL AND ends_at > $1",
        [from],
      );
      return rows.map((row) => ({ coach: row.coach, start: row.starts_at, end: row.ends_at }));
    },
    async bookings(from) {
      const { rows } = await pool.query<BookingRow>(
        `SELECT submissions.*, coach, starts_at, ends_at, cancelled_at FROM intro_bookings
         JOIN submissions ON submissions.id = intro_bookings.submission_id
         WHERE starts_at >= $1 ORDER BY starts_at, coach`,
        [from],
      );
      return rows.map(toBooking);
    },
    async cancelBooking(id, at) {
      return inTransaction(pool, async (client) => {
        const { rowCount } = await client.query(
          "UPDATE intro_bookings SET cancelled_at = $1 WHERE submission_id = $2 AND cancelled_at IS NULL",
          [at, id],
        );
        if (!rowCount) {
          const { rowCount: exists } = await client.query("SELECT 1 FROM intro_bookings WHERE submission_id = $1", [id]);
          return exists ? "already-cancelled" : "not-found";
        }
        // A confirmation not yet sent would tell the visitor to come to a booking that no longer exists.
        await client.query("DELETE FROM outbox WHERE submission_id = $1 AND kind = 'confirmation' AND status = 'pending'", [id]);
        return "cancelled";
      });
    },
    ...postgresPrivacy(pool),
    rateLimiter(options) {
      // storeType is given because the library otherwise guesses it from the class name.
      // clearExpired is in both SQL limiters, not in their published types (see StoreLimiter).
      return new RateLimiterPostgres({ ...limiterSettings(options), storeClient: pool, storeType: "pool" }) as unknown as StoreLimiter;
    },
    async close() {
      await pool.end();
    },
  };
}
