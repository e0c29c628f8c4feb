import fs from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { type Dialect, inTransaction } from "./dialect";
import { migrations } from "./migrations";
import type { Database } from "./schema";
import { limiterSettings, type StoreLimiter } from "./limiter";

/** The expression migration 4 indexes: a query must use it exactly for SQLite to use the index. */
export const EMAIL_KEY = "json_extract(payload, '$.email')";

/**
 * How long a statement waits for another process's lock (the staff CLI's VACUUM, another server) before
 * SQLITE_BUSY. better-sqlite3 waits on the event loop's thread, so the site keeps this short: a visitor
 * gets a 503 with Retry-After, and every other request, pages included, goes on. The CLI can wait longer.
 */
export const SITE_BUSY_TIMEOUT_MS = 200;

/**
 * Gatsby bundles each function with webpack, which breaks better-sqlite3's own search for its native
 * addon; pointing it at the built file (resolved from the project root) works bundled or not.
 */
function nativeBinding(): string | undefined {
  const file = path.resolve(process.cwd(), "node_modules/better-sqlite3/build/Release/better_sqlite3.node");
  return fs.existsSync(file) ? file : undefined;
}

function open(file: string): Sqlite.Database {
  const binding = nativeBinding();
  const db = new Sqlite(file, binding ? { nativeBinding: binding } : {});
  // A deleted row's bytes are overwritten with zeros instead of left in the page's free space.
  db.pragma("secure_delete = ON");
  return db;
}

/**
 * Applies the migrations not yet applied, through better-sqlite3 itself before Kysely gets the connection:
 * Kysely's API is asynchronous, and openSqlite's callers (the CLI, tests, tools) open it synchronously.
 */
function migrate(db: Sqlite.Database): void {
  const applied = () =>
    new Set((db.prepare("SELECT version FROM schema_migrations").all() as Array<{ version: number }>).map((row) => row.version));
  // A database already up to date (every open but a release's first) is only read: opening it beside a
  // running site (the CLI, a test) takes no write lock, so the site's writes never wait on an open.
  const upToDate = () => {
    try {
      const done = applied();
      return migrations.every((migration) => done.has(migration.version));
    } catch {
      return false; // no schema_migrations yet: a new database
    }
  };
  if (upToDate()) return;
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  // IMMEDIATE takes the write lock first, so two processes starting together cannot both migrate.
  const apply = db.transaction(() => {
    const done = applied();
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

/** better-sqlite3's error for a second active booking of one coach and start. */
function isSlotConflict(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "SQLITE_CONSTRAINT_UNIQUE" && Boolean(message?.includes("intro_bookings."));
}

/** SQLite's error for a second active kids' trial seat of one number in one class (its unique index). */
function isSeatConflict(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "SQLITE_CONSTRAINT_UNIQUE" && Boolean(message?.includes("kids_trials.class_start"));
}

/**
 * A deletion marks a wipe owed in the same transaction, and only a finished wipe clears the mark, so
 * one that fails (the file busy) is done by the next purge even if that one deletes nothing, and a
 * purge that deletes nothing leaves the file alone. The header's user_version holds the mark: nothing
 * else here uses it (migrations are kept in schema_migrations), and every process sees it.
 */
const WIPE_OWED = 1;

/**
 * After a deletion, no copy of the deleted rows may stay in the files. secure_delete zeroes a deleted
 * row, but not the stale copies that page splits left behind in rows written before it was on (every
 * row of a database older than migration 4, or written by another tool); VACUUM rewrites every page
 * from the live rows only. The WAL still holds the old page images until a TRUNCATE checkpoint empties it.
 */
function wipe(db: Sqlite.Database): void {
  try {
    db.exec("VACUUM");
    // Cleared before the checkpoint, which must leave the WAL empty; marked again if it cannot.
    db.pragma("user_version = 0");
    const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>;
    if (result?.busy) {
      db.pragma(`user_version = ${WIPE_OWED}`);
      throw new Error("another connection kept reading the database");
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The rows are deleted, but old copies could not be wiped from the database file yet (${reason}); the next purge wipes them.`,
    );
  }
}

/** A SQLite file's dialect, opened and migrated now: app/store.ts puts every feature's queries on it. */
export function openSqlite(file: string, { busyTimeoutMs = SITE_BUSY_TIMEOUT_MS } = {}): Dialect {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = open(file);
  // WAL lets the staff CLI read while the site writes; FULL syncs the WAL on every commit, so a row is
  // on disk before the visitor is told it arrived, even if the machine loses power.
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = FULL");
  raw.pragma("foreign_keys = ON");
  raw.pragma(`busy_timeout = ${busyTimeoutMs}`);
  migrate(raw);
  // Kysely queues every query for the one connection, so a transaction's statements never interleave
  // with another request's. Anything done on `raw` after this point must hold that connection too.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });

  // Rate-limit counts go through a connection of their own that does not sync every commit: losing the
  // last second of counts in a power cut is harmless, an fsync on every request is not free.
  let limiterDb: Sqlite.Database | undefined;
  const limiterConnection = () => {
    if (!limiterDb) {
      limiterDb = open(file);
      limiterDb.pragma("synchronous = NORMAL");
      limiterDb.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
    return limiterDb;
  };

  const dialect: Dialect = {
    kind: "sqlite",
    db,
    codec: {
      time: (date) => date.toISOString(),
      // A TEXT column: better-sqlite3 returns the JSON as written.
      payload: (stored) => JSON.parse(stored as string) as Record<string, unknown>,
    },
    // IMMEDIATE takes the write lock first, so a transaction's checks and the rows they guard are one
    // step. A transaction that read first and then wanted to write could meet another process (the staff
    // CLI, a second server) doing the same, and SQLite would fail one at once, whatever busy_timeout says.
    write: (work) => inTransaction(db, "begin immediate", work),
    // The write lock is already held: no other booking can be checked or written meanwhile.
    lockBooking: async () => undefined,
    lockSeat: async () => undefined,
    lockStaff: async () => undefined,
    lockFingerprint: async () => undefined,
    lockAddressKeys: async () => undefined,
    lockMerges: async () => undefined,
    async lockPeople(trx, ids) {
      if (ids.length === 0) return [];
      const rows = await trx
        .selectFrom("people")
        .select("id")
        .where("id", "in", [...ids])
        .orderBy("id")
        .execute();
      return rows.map((row) => row.id);
    },
    lockDue: (query) => query,
    isSlotConflict,
    isSeatConflict,
    payloadSql: {
      email: sql.raw(EMAIL_KEY),
      phone: sql`json_extract(payload, '$.phone')`,
      // json_type is NULL only when the key is absent (a JSON null gives 'null'), so any healthInfo counts.
      hasHealthInfo: sql`json_type(payload, '$.healthInfo') IS NOT NULL`,
      withoutHealthInfo: sql`json_remove(payload, '$.healthInfo', '$.healthConsent')`,
    },
    markWipeOwed: async (trx) => {
      await sql.raw(`pragma user_version = ${WIPE_OWED}`).execute(trx);
    },
    // VACUUM rewrites the whole file and holds it meanwhile: only when there is something to wipe.
    wipeIfOwed: () =>
      db.connection().execute(async () => {
        if (raw.pragma("user_version", { simple: true }) === WIPE_OWED) wipe(raw);
      }),
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
      // Kysely closes the file only if it ever ran a query; closing twice is harmless.
      await db.destroy();
      raw.close();
    },
  };
  return dialect;
}
