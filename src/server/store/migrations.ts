/**
 * Schema migrations, applied in order on start. Never edit a shipped migration: add a new one.
 * Each dialect gets the same tables; timestamps are ISO-8601 text in SQLite and timestamptz in PostgreSQL.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "submissions and outbox",
    sqlite: `
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        created_at TEXT NOT NULL,
        payload TEXT NOT NULL,
        spam TEXT
      );
      CREATE INDEX submissions_form_created ON submissions (form, created_at);
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        submission_id TEXT NOT NULL REFERENCES submissions (id),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    `,
    postgres: `
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        payload JSONB NOT NULL,
        spam TEXT
      );
      CREATE INDEX submissions_form_created ON submissions (form, created_at);
      CREATE TABLE outbox (
        id BIGSERIAL PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ,
        locked_until TIMESTAMPTZ,
        last_error TEXT,
        sent_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    `,
  },
  {
    version: 2,
    name: "rate limits",
    // The columns rate-limiter-flexible reads and writes (key, points, expire in epoch ms), in its order.
    sqlite: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire INTEGER
      );
    `,
    postgres: `
      CREATE TABLE rate_limits (
        key VARCHAR(255) PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire BIGINT
      );
    `,
  },
  {
    version: 3,
    name: "intro bookings and visitor e-mails",
    // A partial unique index is the one-booking-per-coach-and-start rule: a cancelled booking frees
    // its slot, and every active one is checked by the database itself, whatever the process count.
    // (Overlapping times after staff change the slot length are checked in the insert's transaction.)
    sqlite: `
      CREATE TABLE intro_bookings (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        coach TEXT NOT NULL,
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        email TEXT NOT NULL,
        cancelled_at TEXT
      );
      CREATE UNIQUE INDEX intro_bookings_slot ON intro_bookings (coach, starts_at) WHERE cancelled_at IS NULL;
      CREATE INDEX intro_bookings_email ON intro_bookings (email);
      CREATE INDEX intro_bookings_coach ON intro_bookings (coach, ends_at);
      ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'confirmation'));
    `,
    postgres: `
      CREATE TABLE intro_bookings (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        coach TEXT NOT NULL,
        starts_at TIMESTAMPTZ NOT NULL,
        ends_at TIMESTAMPTZ NOT NULL,
        email TEXT NOT NULL,
        cancelled_at TIMESTAMPTZ
      );
      CREATE UNIQUE INDEX intro_bookings_slot ON intro_bookings (coach, starts_at) WHERE cancelled_at IS NULL;
      CREATE INDEX intro_bookings_email ON intro_bookings (email);
      CREATE INDEX intro_bookings_coach ON intro_bookings (coach, ends_at);
      ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'confirmation'));
    `,
  },
  {
    version: 4,
    name: "deletion log, accepted waivers, look-up by e-mail",
    // deletions holds no personal data, only that a submission existed and who had it deleted; the CHECK
    // keeps names and notes out of it whatever the caller. The e-mail index's expression is the one the
    // stores' queries use (EMAIL_KEY in sqlite.ts and postgres.ts), or it would not be used. outbox's
    // foreign key has no index of its own, so deleting a submission would otherwise scan the whole outbox.
    sqlite: `
      CREATE TABLE deletions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        reference TEXT NOT NULL,
        form TEXT NOT NULL,
        received_at TEXT NOT NULL,
        deleted_at TEXT NOT NULL,
        requested_by TEXT NOT NULL CHECK (
          requested_by IN ('staff', 'retention')
          OR (length(requested_by) = 12 AND requested_by GLOB 'P-*' AND substr(requested_by, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*')
        )
      );
      CREATE TABLE waivers (
        version TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        first_accepted_at TEXT NOT NULL
      );
      CREATE INDEX submissions_email ON submissions (json_extract(payload, '$.email'));
      CREATE INDEX outbox_submission ON outbox (submission_id);
    `,
    postgres: `
      CREATE TABLE deletions (
        id BIGSERIAL PRIMARY KEY,
        reference TEXT NOT NULL,
        form TEXT NOT NULL,
        received_at TIMESTAMPTZ NOT NULL,
        deleted_at TIMESTAMPTZ NOT NULL,
        requested_by TEXT NOT NULL CHECK (requested_by ~ '^(staff|retention|P-[0-9A-HJKMNP-TV-Z]{10})$')
      );
      CREATE TABLE waivers (
        version TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        first_accepted_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX submissions_email ON submissions ((payload->>'email'));
      CREATE INDEX outbox_submission ON outbox (submission_id);
    `,
  },
];
