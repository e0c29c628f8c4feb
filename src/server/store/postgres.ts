import { Pool, type PoolClient } from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { migrations } from "./migrations";
import type {
  ClaimedMessage,
  FormName,
  ListFilter,
  OutboxMessage,
  OutboxStatus,
  StoredSubmission,
  SubmissionStore,
} from "./types";
import { limiterSettings } from "./types";

/** Same tables and behaviour as the SQLite store, for hosts whose functions have no durable disk. */

interface SubmissionRow {
  id: string;
  form: string;
  created_at: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}

interface OutboxRow {
  id: string;
  submission_id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

function toSubmission(row: SubmissionRow): StoredSubmission {
  return { id: row.id, form: row.form as FormName, createdAt: row.created_at, payload: row.payload, spam: row.spam };
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

/** Any number for pg_advisory_xact_lock, fixed so every process starting at once waits for the first. */
const MIGRATION_LOCK = 7_263_001;

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

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

export async function openPostgresStore(connectionString: string): Promise<SubmissionStore> {
  const pool = new Pool({ connectionString, max: 5 });
  // While the database is unreachable every request tries again; each failed try must not leave a pool behind.
  await migratePostgres(pool).catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });

  return {
    kind: "postgres",
    async insert(submission) {
      await inTransaction(pool, async (client) => {
        await client.query("INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ($1, $2, $3, $4, $5)", [
          submission.id,
          submission.form,
          submission.createdAt,
          JSON.stringify(submission.payload),
          submission.spam,
        ]);
        if (submission.notify && !submission.spam) {
          await client.query(
            "INSERT INTO outbox (submission_id, status, attempts, next_attempt_at, created_at) VALUES ($1, 'pending', 0, $2, $2)",
            [submission.id, submission.createdAt],
          );
        }
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
    rateLimiter(options) {
      // storeType is given because the library otherwise guesses it from the class name.
      return new RateLimiterPostgres({ ...limiterSettings(options), storeClient: pool, storeType: "pool" });
    },
    async close() {
      await pool.end();
    },
  };
}
