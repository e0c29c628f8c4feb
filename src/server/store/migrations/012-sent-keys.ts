import type { MigrationStep } from "./step";

export const sentKeys: MigrationStep = {
  version: 12,
  name: "a form sent without JavaScript shows what it stored only to its sender: submission sent keys",
  // The page a form sent without JavaScript is redirected to reads the stored submission, never the
  // address: the address carries the reference and a random key whose SHA-256 is kept here, good for an
  // hour after the send (forms/store.ts). A repeat of the send is given a new key for the same row.
  sql: () => `
    ALTER TABLE submissions ADD COLUMN sent_key_hash TEXT;
  `,
};
