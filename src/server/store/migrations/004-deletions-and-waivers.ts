import type { MigrationStep } from "./step";

export const deletionsAndWaivers: MigrationStep = {
  version: 4,
  name: "deletion log, accepted waivers, look-up by e-mail",
  // deletions holds no personal data, only that a submission existed and who had it deleted; the CHECK
  // keeps names and notes out of it whatever the caller. The e-mail index's expression is the one the
  // stores' queries use (EMAIL_KEY in sqlite.ts and postgres.ts), or it would not be used. outbox's
  // foreign key has no index of its own, so deleting a submission would otherwise scan the whole outbox.
  sql: (t) => `
    CREATE TABLE deletions (
      id ${t.serialKey},
      reference TEXT NOT NULL,
      form TEXT NOT NULL,
      received_at ${t.time} NOT NULL,
      deleted_at ${t.time} NOT NULL,
      requested_by TEXT NOT NULL CHECK (${t.sqliteOr(
        `
        requested_by IN ('staff', 'retention')
        OR (length(requested_by) = 12 AND requested_by GLOB 'P-*' AND substr(requested_by, 3) NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*')
      `,
        "requested_by ~ '^(staff|retention|P-[0-9A-HJKMNP-TV-Z]{10})$'",
      )})
    );
    CREATE TABLE waivers (
      version TEXT PRIMARY KEY,
      text TEXT NOT NULL,
      first_accepted_at ${t.time} NOT NULL
    );
    CREATE INDEX submissions_email ON submissions (${t.sqliteOr("json_extract(payload, '$.email')", "(payload->>'email')")});
    CREATE INDEX outbox_submission ON outbox (submission_id);
  `,
};
