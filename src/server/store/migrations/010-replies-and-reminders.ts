import { KINDS_6 } from "./006-request-confirmations";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 6's, a staff reply, a new lead's reminder and the digest. */
export const KINDS_10 = [...KINDS_6, "reply", "lead-reminder", "digest"] as const;
/** Kinds that belong to no submission: a sign-in link, and the owner's morning digest. */
export const ALONE_10 = ["sign-in", "digest"] as const;

/** The first two templates; the owner edits them in the console. {name} and {intro} are filled in per lead. */
const BOOK_INTRO = [
  "Hi {name},",
  "",
  "Thanks for getting in touch! The best way to start is a free intro with one of our coaches. Pick a time that suits you here: {intro}",
  "",
  "See you at the gym!",
].join("\n");
const WILL_CALL = [
  "Hi {name},",
  "",
  "Thanks for your message. One of our coaches will call you today to answer your questions.",
  "",
  "See you soon!",
].join("\n");

/** An SQL string literal, newlines and all (both databases take them as they are). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const repliesAndReminders: MigrationStep = {
  version: 10,
  name: "replies from the console with templates, reminders of new leads, the morning digest",
  // Staff reply to a lead from its page (an outbox "reply", sent from MAIL_FROM with replies to the gym),
  // starting from templates the owner edits; two to begin with. A lead still New 15 minutes into opening
  // hours gets one "lead-reminder" to every staff account: the partial unique index makes it one even when
  // two servers look at once. The owner's digest is queued once a day: daily_digests holds the days
  // already looked at (a day with nothing in it sends nothing but is still marked done).
  sql: (t) => `
    CREATE TABLE reply_templates (
      id ${t.serialKey},
      name TEXT NOT NULL UNIQUE,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      updated_at ${t.time} NOT NULL,
      updated_by TEXT NOT NULL
    );
    INSERT INTO reply_templates (name, subject, body, updated_at, updated_by) VALUES
      ('Thanks: book a free intro', 'Thanks for getting in touch', ${literal(BOOK_INTRO)}, '2026-11-28T00:00:00.000Z', 'setup'),
      ('Thanks: we will call you', 'Thanks for getting in touch', ${literal(WILL_CALL)}, '2026-11-28T00:00:00.000Z', 'setup');
    CREATE TABLE daily_digests (
      day TEXT PRIMARY KEY,
      queued_at ${t.time} NOT NULL
    );
    ${t.sqliteOr(
      rebuildSqliteOutbox(
        10,
        KINDS_10,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_10,
      ),
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_10)}));
      ALTER TABLE outbox DROP CONSTRAINT outbox_sign_in_alone;
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind IN (${quoted(ALONE_10)})));
      `,
    )}
    CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';
  `,
};
