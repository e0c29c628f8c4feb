import { ALONE_22, KINDS_22 } from "./022-texts";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 22's and the staff's alert of a text a person sent the gym. */
export const KINDS_23 = [...KINDS_22, "text-alert"] as const;
/** Kinds that belong to no submission: migration 22's, and the text alert (its row in `texts` says whose). */
export const ALONE_23 = [...ALONE_22, "text-alert"] as const;

/** As this version knows them (a shipped migration never changes with the code). */
const CHANNELS = ["email", "text"];
/** The first text template; the owner edits it in the console. {name} and {intro} are filled in per person. */
const QUICK_TEXT = "Hi {name}, thanks for getting in touch! The best way to start is a free intro with a coach. Pick a time here: {intro}";

/** An SQL string literal (both databases take it as it is). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const textDesk: MigrationStep = {
  version: 23,
  name: "texts from the console: SMS templates beside the reply templates, the staff's alert of a text",
  // The owner's templates gain a channel: an e-mail reply's (subject and body) as before, or a text's
  // (its body alone; the subject is left empty), edited on the same screen and chosen on a person's page
  // by how the message goes. One to begin with. A person's text to the gym (not STOP, START or HELP)
  // queues a "text-alert" to the staff, whose data names the text alone: its words stay in `texts` and
  // go with the person.
  sql: (t) => `
    ALTER TABLE reply_templates ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN (${quoted(CHANNELS)}));
    INSERT INTO reply_templates (name, subject, body, updated_at, updated_by, channel) VALUES
      ('Text: book a free intro', '', ${literal(QUICK_TEXT)}, '2026-11-30T00:00:00.000Z', 'setup', 'text');
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        23,
        KINDS_23,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_23,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';
      CREATE UNIQUE INDEX outbox_one_no_show_offer ON outbox (submission_id) WHERE kind = 'no-show-offer';`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_23)}));
      ALTER TABLE outbox DROP CONSTRAINT outbox_sign_in_alone;
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind IN (${quoted(ALONE_23)})));
      `,
    )}
  `,
};
