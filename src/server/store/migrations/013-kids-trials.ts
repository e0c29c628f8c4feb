import { ALONE_10, KINDS_10 } from "./010-replies-and-reminders";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 10's and a kids' trial seat's confirmation, reminder and cancellation. */
export const KINDS_13 = [...KINDS_10, "trial-confirmation", "trial-reminder", "trial-cancellation"] as const;

export const kidsTrials: MigrationStep = {
  version: 13,
  name: "kids' trial classes: a parent books a child a seat in a kids class",
  // A seat is a number from 1 to the class's trialSeats (content/schedule.json), and the partial unique
  // index lets one active seat of each number per class: however many parents race for the last one,
  // the database lets one through (src/server/kids/store.ts picks the number under a lock, and the index
  // is the last word). A cancelled seat frees its number. The child's first name and age stay in the
  // submission's payload, deleted with it.
  sql: (t) => `
    CREATE TABLE kids_trials (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      class_start ${t.time} NOT NULL,
      class_end ${t.time} NOT NULL,
      seat INTEGER NOT NULL CHECK (seat >= 1),
      email TEXT NOT NULL,
      cancelled_at ${t.time},
      cancel_token_hash TEXT NOT NULL
    );
    CREATE UNIQUE INDEX kids_trials_seat ON kids_trials (class_start, seat) WHERE cancelled_at IS NULL;
    CREATE UNIQUE INDEX kids_trials_cancel_token ON kids_trials (cancel_token_hash);
    CREATE INDEX kids_trials_email ON kids_trials (email);
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        13,
        KINDS_13,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        // The kinds that belong to no submission are still migration 10's.
        ALONE_10,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_13)}));
      `,
    )}
  `,
};
