import { createHash } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import { Pool } from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { errorSummary } from "../log";
import { type Dialect, inTransaction } from "./dialect";
import { migrations } from "./migrations";
import type { Database } from "./schema";
import { limiterSettings, type StoreLimiter } from "./limiter";

/** The expression migration 4 indexes: a query must use it exactly for PostgreSQL to use the index. */
export const EMAIL_KEY = "(payload->>'email')";

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

/** Namespaces of the per-coach and per-address booking locks (pg_advisory_xact_lock's first key). */
const LOCK_COACH = 7_263_101;
const LOCK_ADDRESS = 7_263_102;
/** The staff accounts' lock (pg_advisory_xact_lock's one key): changes of role and removals wait in turn. */
const LOCK_STAFF = 7_263_103;
/** Sends of one form's same fields (a double tap without JavaScript): the second waits, then finds the first. */
const LOCK_FINGERPRINT = 7_263_104;

/** Namespaces of the per-class and per-address locks of kids' trial seats. */
const LOCK_CLASS = 7_263_105;
const LOCK_TRIAL_ADDRESS = 7_263_106;

/** Forms of one address key and merges of its person: each waits for the one before. */
export const LOCK_ADDRESS_KEY = 7_263_107;
/**
 * Address keys share this many locks: a retention purge of thousands of forms takes at most this many
 * (PostgreSQL's lock table holds 64 per connection by default, shared), and two addresses that fall in
 * one bucket only take turns.
 */
const ADDRESS_KEY_BUCKETS = 1024;
export const addressKeyBucket = (key: string) => createHash("sha256").update(key).digest().readUInt32BE(0) % ADDRESS_KEY_BUCKETS;
/** Merges of people and deletions of forms (pg_advisory_xact_lock's one key): each waits for the one before. */
const LOCK_MERGES = 7_263_108;

/** Any number for pg_advisory_xact_lock, fixed so every process starting at once waits for the first. */
export const MIGRATION_LOCK = 7_263_001;

/** pg's error for a second active booking of one coach and start (unique_violation on our index). */
function isSlotConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === "23505" && constraint === "intro_bookings_slot";
}

/** pg's error for a second active kids' trial seat of one number in one class (unique_violation on our index). */
function isSeatConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === "23505" && constraint === "kids_trials_seat";
}

/** A connection dropped while checked out: the statement that next uses it fails with the reason. */
const ignoreDrop = () => undefined;

async function migrate(db: Kysely<Database>): Promise<void> {
  await inTransaction(db, "begin", async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`.execute(
      trx,
    );
    const done = new Set((await trx.selectFrom("schema_migrations").select("version").execute()).map((row) => row.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      // Without parameters pg sends the text as one simple query, so a migration may hold several statements.
      await sql.raw(migration.postgres).execute(trx);
      await trx
        .insertInto("schema_migrations")
        .values({ version: migration.version, name: migration.name, applied_at: sql<Date>`now()` })
        .execute();
    }
  });
}

/**
 * A PostgreSQL database's dialect, once connected and migrated: the same tables and behaviour as the
 * SQLite file, for hosts whose functions have no durable disk. app/store.ts puts the queries on it.
 */
export async function openPostgres(connectionString: string): Promise<Dialect> {
  const pool = new Pool({ connectionString, ...POOL_SETTINGS });
  // An idle connection the server drops (a restart, a failover) is reported here; without a listener
  // it would be an unhandled 'error' event and end the process. The pool opens a new one when asked.
  pool.on("error", (error) => console.error(`A PostgreSQL connection was lost; the next request opens another: ${errorSummary(error)}`));
  // pg-pool listens for errors only on idle connections; one checked out for a query that the server
  // drops while no statement is running would otherwise emit an unhandled 'error' and end the process.
  // pg-pool discards such a connection when it is released.
  pool.on("connect", (client) => client.on("error", ignoreDrop));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // While the database is unreachable every request tries again; each failed try must not leave a pool behind.
  await migrate(db).catch(async (error: unknown) => {
    await db.destroy().catch(() => undefined);
    throw error;
  });

  const dialect: Dialect = {
    kind: "postgres",
    db,
    codec: {
      time: (date) => date,
      // JSONB: pg returns it parsed.
      payload: (stored) => stored as Record<string, unknown>,
    },
    // READ COMMITTED, PostgreSQL's default: the booking locks and SKIP LOCKED below do the rest.
    write: (work) => inTransaction(db, "begin", work),
    async lockBooking(trx, booking) {
      // Bookings of one coach, and bookings by one address, wait for each other here (always in that
      // order, so two never wait on each other), so the checks that follow see every committed one.
      await sql`SELECT pg_advisory_xact_lock(${LOCK_COACH}, hashtext(${booking.coach}))`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${booking.email}))`.execute(trx);
    },
    async lockSeat(trx, seat) {
      // Class first, then address, always in that order, so two never wait on each other.
      await sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${seat.classStart}))`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${LOCK_TRIAL_ADDRESS}, hashtext(${seat.email}))`.execute(trx);
    },
    async lockStaff(trx) {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_STAFF})`.execute(trx);
    },
    async lockFingerprint(trx, fingerprint) {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_FINGERPRINT}, hashtext(${fingerprint}))`.execute(trx);
    },
    async lockAddressKeys(trx, keys) {
      // In the buckets' order: two writers never wait on each other crosswise.
      for (const bucket of [...new Set(keys.map(addressKeyBucket))].sort((a, b) => a - b)) {
        await sql`SELECT pg_advisory_xact_lock(${LOCK_ADDRESS_KEY}, ${bucket})`.execute(trx);
      }
    },
    async lockMerges(trx) {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_MERGES})`.execute(trx);
    },
    async lockPeople(trx, ids) {
      if (ids.length === 0) return [];
      // Locked in the order of ORDER BY; a row deleted while this waited is left out.
      const rows = await trx
        .selectFrom("people")
        .select("id")
        .where("id", "in", [...ids])
        .orderBy("id")
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },
    // SKIP LOCKED: concurrent senders each take different messages instead of waiting.
    lockDue: (query) => query.forUpdate().skipLocked(),
    isSlotConflict,
    isSeatConflict,
    payloadSql: {
      email: sql.raw(EMAIL_KEY),
      phone: sql`payload ->> 'phone'`,
      hasHealthInfo: sql`payload ? 'healthInfo'`,
      withoutHealthInfo: sql`payload - 'healthInfo' - 'healthConsent'`,
    },
    // PostgreSQL's files keep dead row versions until autovacuum reuses the space (privacy/types.ts says so).
    markWipeOwed: async () => undefined,
    wipeIfOwed: async () => undefined,
    rateLimiter(options) {
      // storeType is given because the library otherwise guesses it from the class name.
      // clearExpired is in both SQL limiters, not in their published types (see StoreLimiter).
      const settings = limiterSettings(options);
      const limiter = new RateLimiterPostgres({ ...settings, storeClient: pool, storeType: "pool" }) as unknown as StoreLimiter;
      // The library's own clearExpired swallows every error, so a sweep that fails would never be logged
      // (http/rateLimit.ts's sweepOnce logs what this rejects with).
      limiter.clearExpired = (expiredBeforeMs) =>
        sql`DELETE FROM ${sql.table(settings.tableName)} WHERE expire < ${expiredBeforeMs}`.execute(db);
      return limiter;
    },
    close: () => db.destroy(),
  };
  return dialect;
}
