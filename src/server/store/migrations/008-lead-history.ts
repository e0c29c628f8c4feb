import { quoted, type MigrationStep } from "./step";

/** The statuses as this version knows them (a shipped migration never changes with the code). */
const STATUSES = ["new", "contacted", "intro-booked", "joined", "lost"];

export const leadHistory: MigrationStep = {
  version: 8,
  name: "lead history: every status change with when and who, and each lead's first response",
  // A lead kept only its current status, so nobody could count how fast the gym answered or how leads
  // moved. Each change of status is now a row (who: a staff address, or "visitor" when the visitor's own
  // booking moved it), and `first_response_at` is written once, by the first staff change that answers
  // the visitor, so the reports read one column instead of scanning the history. Rows from before this
  // version have no history: their time to answer is unknown, not invented.
  sql: (t) => `
    CREATE TABLE lead_events (
      id ${t.serialKey},
      submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
      at ${t.time} NOT NULL,
      actor TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN (${quoted(STATUSES)}))
    );
    CREATE INDEX lead_events_submission ON lead_events (submission_id);
    ALTER TABLE leads ADD COLUMN first_response_at ${t.time};
  `,
};
