import { ALONE_10 } from "./010-replies-and-reminders";
import { KINDS_13 } from "./013-kids-trials";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 13's and the instant answer to a visitor's form. */
export const KINDS_19 = [...KINDS_13, "instant-answer"] as const;

export const instantAnswers: MigrationStep = {
  version: 19,
  name: "an instant answer to each contact, sign-up and drop-in form, in words the owner edits",
  // The words are in the code (src/desk/instantAnswers.ts) until the owner writes their own: a row here
  // is the owner's text for one form. instant_answers holds the address key (src/forms/addressKey.ts) of
  // each form answered, so an address gets one answer a day however often a stranger types it; it goes
  // with its submission.
  sql: (t) => `
    CREATE TABLE answer_words (
      form TEXT PRIMARY KEY CHECK (form IN ('contact', 'signup', 'drop-in')),
      text TEXT NOT NULL,
      updated_at ${t.time} NOT NULL,
      updated_by TEXT NOT NULL
    );
    CREATE TABLE instant_answers (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      email_key TEXT NOT NULL,
      answered_at ${t.time} NOT NULL
    );
    CREATE INDEX instant_answers_key ON instant_answers (email_key, answered_at);
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        19,
        KINDS_19,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_10,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_19)}));
      `,
    )}
  `,
};
