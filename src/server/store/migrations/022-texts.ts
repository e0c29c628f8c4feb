import { ALONE_21, KINDS_21 } from "./021-payments";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 21's and a text message through Twilio. */
export const KINDS_22 = [...KINDS_21, "text"] as const;
/** Kinds that belong to no submission: migration 21's and a text, whose row in `texts` says whose it is. */
export const ALONE_22 = [...ALONE_21, "text"] as const;

/** As this version knows them (a shipped migration never changes with the code). */
const CONSENT_EVENTS = ["given", "ended", "restored"];
const DIRECTIONS = ["in", "out"];

export const texts: MigrationStep = {
  version: 22,
  name: "texts through Twilio: the consent ledger, each text in and out, the outbox's text kind",
  // text_consents is append-only: each time a number's consent is given (a form's box, with the exact
  // words shown and their version, the page, the form, its reference and the connection it came from),
  // ended (a STOP word, or Twilio saying the number opted out) or restored (START, UNSTOP). A number's
  // consent is its last event. It is evidence of what was agreed, so it names the submission by its
  // reference without a foreign key: deleting the form does not rewrite the ledger.
  //
  // texts holds each text: a person's to the gym and the gym's to them, with who wrote it (a staff
  // address) or which automation did, Twilio's sid and the last delivery status it reported. A text to
  // send is an outbox row of kind `text` whose data names the text's id alone; the words and the number
  // stay here, and go with the person.
  sql: (t) => `
    CREATE TABLE text_consents (
      id ${t.serialKey},
      phone TEXT NOT NULL,
      event TEXT NOT NULL CHECK (event IN (${quoted(CONSENT_EVENTS)})),
      at ${t.time} NOT NULL,
      disclosure TEXT,
      disclosure_version TEXT,
      page TEXT,
      form TEXT,
      submission_ref TEXT,
      connection TEXT,
      keyword TEXT,
      CHECK ((event = 'given') = (disclosure IS NOT NULL AND disclosure_version IS NOT NULL AND form IS NOT NULL))
    );
    CREATE INDEX text_consents_phone ON text_consents (phone, id);
    CREATE TABLE texts (
      id ${t.serialKey},
      person_id TEXT REFERENCES people (id) ON DELETE CASCADE,
      submission_id TEXT REFERENCES submissions (id) ON DELETE CASCADE,
      phone TEXT NOT NULL,
      direction TEXT NOT NULL CHECK (direction IN (${quoted(DIRECTIONS)})),
      body TEXT NOT NULL,
      at ${t.time} NOT NULL,
      sent_by TEXT,
      automation TEXT,
      sid TEXT UNIQUE,
      status TEXT NOT NULL,
      status_at ${t.time} NOT NULL,
      error TEXT,
      CHECK (direction = 'in' OR (sent_by IS NULL) <> (automation IS NULL))
    );
    CREATE INDEX texts_person ON texts (person_id, at);
    CREATE INDEX texts_phone ON texts (phone, at);
    CREATE INDEX texts_submission ON texts (submission_id);
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        22,
        KINDS_22,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_22,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';
      CREATE UNIQUE INDEX outbox_one_no_show_offer ON outbox (submission_id) WHERE kind = 'no-show-offer';`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_22)}));
      ALTER TABLE outbox DROP CONSTRAINT outbox_sign_in_alone;
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind IN (${quoted(ALONE_22)})));
      `,
    )}
  `,
};
