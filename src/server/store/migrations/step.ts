/**
 * One schema migration, its SQL written once for both databases. Where the two agree (most of it),
 * the text is the same and only column types differ, named by `t`; where they truly differ (a CHECK by
 * GLOB or by regular expression, SQLite rebuilding a table it cannot alter), `t.sqliteOr` says both.
 */
export interface SqlDialect {
  /** An instant: ISO-8601 text in SQLite, timestamptz in PostgreSQL. */
  readonly time: string;
  /** A JSON value: text in SQLite, jsonb in PostgreSQL. */
  readonly json: string;
  /** A row id counting up, never reused. */
  readonly serialKey: string;
  /** SQLite's text, then PostgreSQL's. */
  sqliteOr(sqlite: string, postgres: string): string;
}

export interface MigrationStep {
  version: number;
  name: string;
  sql(t: SqlDialect): string;
}

export const SQLITE: SqlDialect = {
  time: "TEXT",
  json: "TEXT",
  serialKey: "INTEGER PRIMARY KEY AUTOINCREMENT",
  sqliteOr: (sqlite) => sqlite,
};

export const POSTGRES: SqlDialect = {
  time: "TIMESTAMPTZ",
  json: "JSONB",
  serialKey: "BIGSERIAL PRIMARY KEY",
  sqliteOr: (_sqlite, postgres) => postgres,
};

/**
 * SQLite cannot change a column's NOT NULL or a CHECK in place, so a change to the outbox's kinds
 * rebuilds it (nothing refers to it): the outbox as it is since migration 5, with `kinds`, filled with
 * the `copied` columns of the old one; only the kinds in `withoutSubmission` belong to no submission.
 * Ids and rows are kept. It makes the two indexes of migration 5 only: a rebuild after migration 10 must
 * create `outbox_one_lead_reminder` again after it, or a lead could be reminded twice.
 */
export function rebuildSqliteOutbox(
  version: number,
  kinds: readonly string[],
  copied: string,
  withoutSubmission: readonly string[] = ["sign-in"],
): string {
  const table = `outbox_v${version}`;
  // One kind reads as it did in the migrations that shipped with one (their text is pinned).
  const alone = withoutSubmission.length === 1 ? `kind = '${withoutSubmission[0]}'` : `kind IN (${quoted(withoutSubmission)})`;
  return `
    CREATE TABLE ${table} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      submission_id TEXT REFERENCES submissions (id),
      kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN (${quoted(kinds)})),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      locked_until TEXT,
      last_error TEXT,
      sent_at TEXT,
      created_at TEXT NOT NULL,
      data TEXT,
      CHECK ((submission_id IS NULL) = (${alone}))
    );
    INSERT INTO ${table} (${copied})
      SELECT ${copied} FROM outbox;
    -- The new table counts on from the old one's last id, not its highest row: an id is never used twice.
    DELETE FROM sqlite_sequence WHERE name = '${table}';
    INSERT INTO sqlite_sequence (name, seq) SELECT '${table}', seq FROM sqlite_sequence WHERE name = 'outbox';
    DROP TABLE outbox;
    ALTER TABLE ${table} RENAME TO outbox;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_submission ON outbox (submission_id);
  `;
}

/** An SQL list of string literals: 'a', 'b'. */
export const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(", ");
