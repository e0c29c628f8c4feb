import type { MigrationStep } from "./step";

export const submissionsAndOutbox: MigrationStep = {
  version: 1,
  name: "submissions and outbox",
  sql: (t) => `
    CREATE TABLE submissions (
      id TEXT PRIMARY KEY,
      form TEXT NOT NULL,
      created_at ${t.time} NOT NULL,
      payload ${t.json} NOT NULL,
      spam TEXT
    );
    CREATE INDEX submissions_form_created ON submissions (form, created_at);
    CREATE TABLE outbox (
      id ${t.serialKey},
      submission_id TEXT NOT NULL REFERENCES submissions (id),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at ${t.time},
      locked_until ${t.time},
      last_error TEXT,
      sent_at ${t.time},
      created_at ${t.time} NOT NULL
    );
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  `,
};
