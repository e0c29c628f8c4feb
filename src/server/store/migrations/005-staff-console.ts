import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on; each later migration that adds kinds starts from these. */
export const KINDS_5 = ["staff", "confirmation", "sign-in", "cancellation", "reschedule", "reminder", "webhook"] as const;

export const staffConsole: MigrationStep = {
  version: 5,
  name: "staff console: accounts, sessions, lead status and notes, audit log, outbox for every message",
  // Staff sign in by a one-time link and keep a session: only SHA-256 hashes of either token are stored.
  // A lead's state is a row beside its submission (none yet: New) and goes with it on deletion, as its
  // notes do. The outbox now carries every message the site sends (sign-in links, intro changes and
  // reminders, webhook deliveries), so a sign-in message has no submission; `data` holds what a message
  // needs beyond its submission and is cleared once it is sent.
  sql: (t) => `
    CREATE TABLE staff_accounts (
      email TEXT PRIMARY KEY,
      role TEXT NOT NULL CHECK (role IN ('owner', 'coach')),
      created_at ${t.time} NOT NULL
    );
    CREATE TABLE staff_sessions (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
      created_at ${t.time} NOT NULL,
      last_seen_at ${t.time} NOT NULL
    );
    CREATE INDEX staff_sessions_email ON staff_sessions (email);
    CREATE TABLE sign_in_links (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
      created_at ${t.time} NOT NULL,
      expires_at ${t.time} NOT NULL,
      used_at ${t.time}
    );
    CREATE INDEX sign_in_links_email ON sign_in_links (email);
    CREATE TABLE leads (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'intro-booked', 'joined', 'lost')),
      follow_up_on TEXT CHECK (${t.sqliteOr(
        "follow_up_on IS NULL OR follow_up_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'",
        "follow_up_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'",
      )}),
      answered_at ${t.time},
      updated_at ${t.time} NOT NULL,
      updated_by TEXT NOT NULL
    );
    CREATE INDEX leads_follow_up ON leads (follow_up_on);
    CREATE TABLE lead_notes (
      id ${t.serialKey},
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      author TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at ${t.time} NOT NULL
    );
    CREATE INDEX lead_notes_submission ON lead_notes (submission_id);
    CREATE TABLE audit_log (
      id ${t.serialKey},
      at ${t.time} NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      target TEXT
    );
    ALTER TABLE intro_bookings ADD COLUMN attendance TEXT CHECK (attendance IN ('attended', 'no-show'));
    ALTER TABLE intro_bookings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE intro_bookings ADD COLUMN cancel_token_hash TEXT;
    CREATE UNIQUE INDEX intro_bookings_cancel_token ON intro_bookings (cancel_token_hash);
    ${t.sqliteOr(
      rebuildSqliteOutbox(
        5,
        KINDS_5,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at",
      ),
      `
      ALTER TABLE outbox ALTER COLUMN submission_id DROP NOT NULL;
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_5)}));
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind = 'sign-in'));
      ALTER TABLE outbox ADD COLUMN data ${t.json};
      `,
    )}
  `,
};
