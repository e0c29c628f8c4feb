import { ALONE_10 } from "./010-replies-and-reminders";
import { KINDS_20 } from "./020-intro-follow-ups";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 20's and the owner's alert of a payment nobody's reference matches. */
export const KINDS_21 = [...KINDS_20, "payment-alert"] as const;
/** Kinds that belong to no submission: migration 10's, and the payment alert (its reference matched none). */
export const ALONE_21 = [...ALONE_10, "payment-alert"] as const;

export const payments: MigrationStep = {
  version: 21,
  name: "payments: Stripe's webhook events, each recorded once, on the sign-up or drop-in they pay for",
  // One row per Stripe event the site records (src/server/payments/), unique by Stripe's event id: Stripe
  // sends an event again until it is answered, and two deliveries at once both reach the insert, where
  // one waits for the other and then finds its row. `reference` is the client_reference_id as Stripe gave
  // it back, kept as text without a key: a payment whose reference matches nothing is kept, and a
  // deletion of the person's forms keeps the payment (a record the law asks for) while their forms go.
  // `person_id` is cleared when the person goes. No name or address is stored here.
  sql: (t) => `
    CREATE TABLE payments (
      id ${t.serialKey},
      event_id TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('completed', 'refunded', 'failed')),
      reference TEXT,
      form TEXT,
      person_id TEXT REFERENCES people (id) ON DELETE SET NULL,
      amount INTEGER,
      currency TEXT,
      bought TEXT,
      payment_status TEXT,
      session_id TEXT,
      customer_id TEXT,
      payment_intent_id TEXT,
      charge_id TEXT,
      mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
      at ${t.time} NOT NULL,
      received_at ${t.time} NOT NULL
    );
    CREATE INDEX payments_reference ON payments (reference);
    CREATE INDEX payments_person ON payments (person_id);
    CREATE INDEX payments_intent ON payments (payment_intent_id);
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        21,
        KINDS_21,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_21,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';
      CREATE UNIQUE INDEX outbox_one_no_show_offer ON outbox (submission_id) WHERE kind = 'no-show-offer';`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_21)}));
      ALTER TABLE outbox DROP CONSTRAINT outbox_sign_in_alone;
      ALTER TABLE outbox ADD CONSTRAINT outbox_sign_in_alone CHECK ((submission_id IS NULL) = (kind IN (${quoted(ALONE_21)})));
      `,
    )}
  `,
};
