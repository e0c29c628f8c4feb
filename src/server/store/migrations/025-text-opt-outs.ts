import type { MigrationStep } from "./step";

export const textOptOuts: MigrationStep = {
  version: 25,
  name: "a STOP outlives the number's ledger, as a hash of the number",
  // A deletion or the ledger's period takes a number's consent ledger, its STOP with it. Anyone can type
  // a number into a form and tick the box, so a form could then start texts to someone who had replied
  // STOP (a stranger needs only to file a form with that number and have it deleted). Where the ledger
  // that goes ends in a STOP, the SHA-256 of the number stays here instead (src/server/texts/consentLedger.ts):
  // no form's box records consent for it until the phone itself texts START. Not anonymous (a phone
  // number's hash can be matched by trying numbers): kept for this alone, and only while the STOP stands.
  sql: (t) => `
    CREATE TABLE text_opt_outs (
      phone_hash TEXT PRIMARY KEY,
      at ${t.time} NOT NULL
    );
  `,
};
