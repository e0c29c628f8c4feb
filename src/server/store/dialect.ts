import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql, type SqlBool } from "kysely";
import type { Database, StoredJson, StoredTime } from "./schema";
import type { RateLimiterOptions, StoreLimiter } from "./limiter";

/** The one place a dialect turns our values into its columns' and back (see schema.ts). */
export interface Codec {
  time(date: Date): StoredTime;
  payload(stored: StoredJson): Record<string, unknown>;
}

/**
 * What truly differs between SQLite and PostgreSQL, each given by its own file (sqlite.ts, postgres.ts).
 * The queries (each feature's store.ts: forms/, intro/, leads/, outbox/, privacy/, staff/) are written once against it.
 */
export interface Dialect {
  readonly kind: "sqlite" | "postgres";
  readonly db: Kysely<Database>;
  readonly codec: Codec;
  /**
   * Runs `work` as one transaction on one connection: committed when it resolves, rolled back when it
   * throws. Everything in `work` must go through the connection it is given: on SQLite a query on `db`
   * inside `work` waits for the one connection `work` holds, for ever.
   */
  write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Inside `write`, before a booking's checks: concurrent bookings of its coach or its address wait here. */
  lockBooking(trx: Kysely<Database>, booking: { coach: string; email: string }): Promise<void>;
  /**
   * Inside `write`, before a kids' trial seat's checks: bookings of one class (known by its start, ISO),
   * and bookings by one address, wait here, so the seats counted next are every committed one.
   */
  lockSeat(trx: Kysely<Database>, seat: { classStart: string; email: string }): Promise<void>;
  /**
   * Inside `write`, before reading the staff accounts a change depends on (the last owner): concurrent
   * account changes wait here, so each sees the one before it committed.
   */
  lockStaff(trx: Kysely<Database>): Promise<void>;
  /** Inside `write`, before looking for a repeat of a form sent without JavaScript: the same send waits here. */
  lockFingerprint(trx: Kysely<Database>, fingerprint: string): Promise<void>;
  /**
   * Inside `write`, before reading which person an address key files under (a form of that address, a
   * merge moving it): forms of one address, and a merge of its person, wait here for each other, so each
   * reads the key's person as the one before it committed. Several keys are taken in one order, so two
   * callers never wait on each other.
   */
  lockAddressKeys(trx: Kysely<Database>, keys: readonly string[]): Promise<void>;
  /**
   * Inside `write`, first of all, before a merge of two people or a deletion of forms reads whose forms,
   * keys and timeline lines are whose: merges and deletions take turns here, as account changes do at
   * lockStaff, so each reads the people the one before left, and none waits on another holding the
   * same people in another order. The first lock of the store's order: this, then address keys
   * (lockAddressKeys), then people (lockPeople).
   */
  lockMerges(trx: Kysely<Database>): Promise<void>;
  /**
   * Inside `write`, before anything is written to a person (a merge, a note, a call, a change): their
   * rows locked until it commits, several in one order, so a merge and a line written to either take
   * turns. Returns those that still exist: one a merge or a deletion took while this waited is missing.
   */
  lockPeople(trx: Kysely<Database>, ids: readonly string[]): Promise<string[]>;
  /** The choice of due messages, locked so that two senders claiming at once take different ones. */
  lockDue<O>(query: SelectQueryBuilder<Database, "outbox", O>): SelectQueryBuilder<Database, "outbox", O>;
  /** Whether an error is the database refusing a second active booking of one coach and start. */
  isSlotConflict(error: unknown): boolean;
  /** Whether an error is the database refusing a second active kids' trial seat of one number in one class. */
  isSeatConflict(error: unknown): boolean;
  /** SQL on the payload column, which each database reads with its own JSON functions. */
  readonly payloadSql: {
    /** The payload's `email`, written exactly as migration 4 indexes it, or the index goes unused. */
    email: RawBuilder<unknown>;
    /** The payload's `phone` ("+1" and ten digits, as the forms store it). */
    phone: RawBuilder<unknown>;
    /** Whether the payload holds `healthInfo`, whatever its value. */
    hasHealthInfo: RawBuilder<SqlBool>;
    /** The payload without `healthInfo` and `healthConsent`. */
    withoutHealthInfo: RawBuilder<string>;
  };
  /**
   * Inside `write`, when it deletes or changes personal data: the old bytes are owed a wipe from the
   * database's files. `wipeIfOwed` runs after every such operation, so a wipe that failed is done later.
   */
  markWipeOwed(trx: Kysely<Database>): Promise<void>;
  wipeIfOwed(): Promise<void>;
  rateLimiter(options: RateLimiterOptions): StoreLimiter;
  close(): Promise<void>;
}

/**
 * What every store is, whatever features it serves (app/store.ts adds their queries): which database,
 * a limiter counting in its rate_limits table (shared by every process using the store), and its end.
 */
export type StoreBase = Pick<Dialect, "kind" | "rateLimiter" | "close">;

/**
 * `write` for both dialects, which differ only in how the transaction begins. A failed rollback (the
 * connection is gone, or the database already rolled back) must not hide the error that caused it.
 */
export function inTransaction<T>(db: Kysely<Database>, begin: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(begin).execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
