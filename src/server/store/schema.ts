import type { ColumnType, Generated } from "kysely";
import type { FormName, OutboxKind, OutboxStatus } from "./types";

/**
 * The tables the migrations create (migrations.ts), as Kysely types them: every query is written once
 * against these, for both databases.
 *
 * Where the databases keep a value differently, the column's type says both, and each dialect's codec
 * (dialect.ts) is the one place that writes or reads it:
 * - a timestamp is ISO-8601 text in SQLite (always `Date#toISOString()`, so that text order is time
 *   order) and timestamptz in PostgreSQL, which pg reads as a Date;
 * - a payload is JSON text in SQLite and JSONB in PostgreSQL, which pg parses; both are written as text.
 */
export type StoredTime = string | Date;
export type StoredJson = string | Record<string, unknown>;

/** A BIGSERIAL in PostgreSQL, which pg reads as text so no digit is lost; an INTEGER in SQLite. */
type AutoId = ColumnType<number | string, never, never>;

export interface SubmissionsTable {
  id: string;
  form: FormName;
  created_at: StoredTime;
  payload: ColumnType<StoredJson, string, string>;
  spam: string | null;
}

export interface OutboxTable {
  id: AutoId;
  submission_id: string;
  kind: Generated<OutboxKind>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: StoredTime | null;
  locked_until: StoredTime | null;
  last_error: string | null;
  sent_at: StoredTime | null;
  created_at: StoredTime;
}

export interface IntroBookingsTable {
  submission_id: string;
  coach: string;
  starts_at: StoredTime;
  ends_at: StoredTime;
  email: string;
  cancelled_at: StoredTime | null;
}

export interface DeletionsTable {
  id: AutoId;
  reference: string;
  form: FormName;
  received_at: StoredTime;
  deleted_at: StoredTime;
  requested_by: string;
}

export interface WaiversTable {
  version: string;
  text: string;
  first_accepted_at: StoredTime;
}

/** Written only by rate-limiter-flexible; `expire` is epoch milliseconds (a BIGINT, so text from pg). */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  expire: number | string | null;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: StoredTime;
}

export interface Database {
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  intro_bookings: IntroBookingsTable;
  deletions: DeletionsTable;
  waivers: WaiversTable;
  rate_limits: RateLimitsTable;
  schema_migrations: SchemaMigrationsTable;
}
