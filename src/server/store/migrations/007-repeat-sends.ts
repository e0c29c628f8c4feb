import type { MigrationStep } from "./step";

export const repeatSends: MigrationStep = {
  version: 7,
  name: "a form posted twice without JavaScript is kept once: submission fingerprints",
  // A form sent the browser's way (no script) is sent again by a double tap or by Back and Send: the
  // SHA-256 of its form, fields and connection is kept with it, and the same fingerprint within 30 minutes gets
  // the first one's reference instead of a second row (forms/store.ts). Unique, so two sends racing on
  // PostgreSQL cannot both store; an older row's fingerprint is cleared when the same text comes again.
  sql: () => `
    ALTER TABLE submissions ADD COLUMN fingerprint TEXT;
    CREATE UNIQUE INDEX submissions_fingerprint ON submissions (fingerprint);
  `,
};
