import { KINDS_5 } from "./005-staff-console";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 5's and the link that confirms a privacy request. */
export const KINDS_6 = [...KINDS_5, "privacy-confirm"] as const;

export const requestConfirmations: MigrationStep = {
  version: 6,
  name: "privacy requests confirmed by their person: confirmation links",
  // A privacy request is acted on only once the person whose address it names confirms it (My Health My
  // Data Act: authenticated requests). A row holds the SHA-256 of the link's token and when it stops
  // working, or neither when no link was mailed (mail not set up, or a request older than links); and
  // when and how the request was confirmed: its link, or the owner's own check (the CLI's
  // verify-request). It goes with its submission. The outbox gains the link's e-mail as a kind.
  sql: (t) => `
    CREATE TABLE request_confirmations (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      token_hash TEXT,
      expires_at ${t.time},
      confirmed_at ${t.time},
      confirmed_by TEXT CHECK (confirmed_by IN ('link', 'in-person', 'phone', 'email')),
      CHECK ((token_hash IS NULL) = (expires_at IS NULL)),
      CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL))
    );
    CREATE UNIQUE INDEX request_confirmations_token ON request_confirmations (token_hash);
    ${t.sqliteOr(
      rebuildSqliteOutbox(
        6,
        KINDS_6,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
      ),
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_6)}));
      `,
    )}
  `,
};
