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
  {
    version: 5,
    name: "staff console: accounts, sessions, lead status and notes, audit log, outbox for every message",
    // Staff sign in by a one-time link and keep a session: only SHA-256 hashes of either token are stored.
    // A lead's state is a row beside its submission (none yet: New) and goes with it on deletion, as its
    // notes do. The outbox now carries every message the site sends (sign-in links, intro changes and
    // reminders, webhook deliveries), so a sign-in message has no submission; `data` holds what a message
    // needs beyond its submission and is cleared once it is sent. SQLite cannot change a column's NOT NULL
    // or a CHECK in place, so its outbox is rebuilt (nothing refers to it); ids and rows are kept.
    sqlite: `
      CREATE TABLE staff_accounts (
        email TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('owner', 'coach')),
        created_at TEXT NOT NULL
      );
      CREATE TABLE staff_sessions (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
      CREATE INDEX staff_sessions_email ON staff_sessions (email);
      CREATE TABLE sign_in_links (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX sign_in_links_email ON sign_in_links (email);
      CREATE TABLE leads (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'intro-booked', 'joined', 'lost')),
        follow_up_on TEXT CHECK (follow_up_on IS NULL OR follow_up_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        answered_at TEXT,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
      CREATE INDEX leads_follow_up ON leads (follow_up_on);
      CREATE TABLE lead_notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX lead_notes_submission ON lead_notes (submission_id);
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT
      );
      ALTER TABLE intro_bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('attended', 'no-show'));
      ALTER TABLE intro_bookings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE intro_bookings ADD COLUMN cancel_token_hash TEXT;
      CREATE UNIQUE INDEX intro_bookings_cancel_token ON intro_bookings (cancel_token_hash);
      CREATE TABLE outbox_v5 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        submission_id TEXT REFERENCES submissions (id),
        kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'confirmation', 'sign-in', 'cancellation', 'reschedule', 'reminder', 'webhook')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        created_at TEXT NOT NULL,
        data TEXT,
        CHECK ((submission_id IS NULL) = (kind = 'sign-in'))
      );
      INSERT INTO outbox_v5 (id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at)
        SELECT id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at FROM outbox;
      -- The new table counts on from the old one's last id, not its highest row: an id is never used twice.
      DELETE FROM sqlite_sequence WHERE name = 'outbox_v5';
      INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_v5', seq FROM sqlite_sequence WHERE name = 'outbox';
      DROP TABLE outbox;
      ALTER TABLE outbox_v5 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE INDEX outbox_submission ON outbox (submission_id);
    `,
    postgres: `
      CREATE TABLE staff_accounts (
        email TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('owner', 'coach')),
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE staff_sessions (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        last_seen_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX staff_sessions_email ON staff_sessions (email);
      CREATE TABLE sign_in_links (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        used_at TIMESTAMPTZ
      );
      CREATE INDEX sign_in_links_email ON sign_in_links (email);
      CREATE TABLE leads (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'intro-booked', 'joined', 'lost')),
        follow_up_on TEXT CHECK (follow_up_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        answered_at TIMESTAMPTZ,
        updated_at TIMESTAMPTZ NOT NULL,
        updated_by TEXT NOT NULL
      );
      CREATE INDEX leads_follow_up ON leads (follow_up_on);
      CREATE TABLE lead_notes (
        id BIGSERIAL PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX lead_notes_submission ON lead_notes (submission_id);
      CREATE TABLE audit_log (
        id BIGSERIAL PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT
      );
      ALTER TABLE intro_bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('attended', 'no-show'));
      ALTER TABLE intro_bookings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE intro_bookings ADD COLUMN cancel_token_hash TEXT;
      CREATE UNIQUE INDEX intro_bookings_cancel_token ON intro_bookings (cancel_token_hash);
      ALTER TABLE outbox ALTER COLUMN submission_id DROP NOT NULL;
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('staff', 'confirmation', 'sign-in', 'cancellation', 'reschedule', 'reminder', 'webhook'));
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind = 'sign-in'));
      ALTER TABLE outbox ADD COLUMN data JSONB;
    `,
  },
  {
    version: 6,
    name: "privacy requests confirmed by their person: confirmation links",
    // A privacy request is acted on only once the person whose address it names confirms it (My Health My
    // Data Act: authenticated requests). A row holds the SHA-256 of the link's token and when it stops
    // working, or neither when no link was mailed (mail not set up, or a request older than links); and
    // when and how the request was confirmed: its link, or the owner's own check (the CLI's
    // verify-request). It goes with its submission. The outbox gains the link's e-mail as a kind; SQLite
    // cannot change a CHECK in place, so its outbox is rebuilt again as in migration 5, ids and rows kept.
    sqlite: `
      CREATE TABLE request_confirmations (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        token_hash TEXT,
        expires_at TEXT,
        confirmed_at TEXT,
        confirmed_by TEXT CHECK (confirmed_by IN ('link', 'in-person', 'phone', 'email')),
        CHECK ((token_hash IS NULL) = (expires_at IS NULL)),
        CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL))
      );
      CREATE UNIQUE INDEX request_confirmations_token ON request_confirmations (token_hash);
      CREATE TABLE outbox_v6 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        submission_id TEXT REFERENCES submissions (id),
        kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'confirmation', 'sign-in', 'cancellation', 'reschedule', 'reminder', 'webhook', 'privacy-confirm')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        created_at TEXT NOT NULL,
        data TEXT,
        CHECK ((submission_id IS NULL) = (kind = 'sign-in'))
      );
      INSERT INTO outbox_v6 (id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data)
        SELECT id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data FROM outbox;
      -- The new table counts on from the old one's last id, not its highest row: an id is never used twice.
      DELETE FROM sqlite_sequence WHERE name = 'outbox_v6';
      INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_v6', seq FROM sqlite_sequence WHERE name = 'outbox';
      DROP TABLE outbox;
      ALTER TABLE outbox_v6 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE INDEX outbox_submission ON outbox (submission_id);
    `,
    postgres: `
      CREATE TABLE request_confirmations (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        token_hash TEXT,
        expires_at TIMESTAMPTZ,
        confirmed_at TIMESTAMPTZ,
        confirmed_by TEXT CHECK (confirmed_by IN ('link', 'in-person', 'phone', 'email')),
        CHECK ((token_hash IS NULL) = (expires_at IS NULL)),
        CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL))
      );
      CREATE UNIQUE INDEX request_confirmations_token ON request_confirmations (token_hash);
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('staff', 'confirmation', 'sign-in', 'cancellation', 'reschedule', 'reminder', 'webhook', 'privacy-confirm'));
    `,
  },
];
