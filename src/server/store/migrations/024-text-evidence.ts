import type { MigrationStep } from "./step";

export const textEvidence: MigrationStep = {
  version: 24,
  name: "when each number was last texted, kept for the consent ledger's period",
  // The consent ledger is the proof that a number agreed to the texts it got, and a claim about a text
  // can come years after it (the TCPA's four years). Its period must count from the last text the
  // number got, not from its last consent event; the texts themselves go sooner (their own period, or
  // with their person). One row per number: when the gym last handed it a text, kept as long as the
  // ledger (src/server/privacy/store.ts purgeTexts), for a number with a ledger only. From the texts
  // Twilio took so far (the time each was written: the time Twilio took it was not kept apart).
  sql: (t) => `
    CREATE TABLE text_numbers (
      phone TEXT PRIMARY KEY,
      last_texted_at ${t.time} NOT NULL
    );
    INSERT INTO text_numbers (phone, last_texted_at)
      SELECT phone, MAX(at) FROM texts
      WHERE direction = 'out' AND (sid IS NOT NULL OR status = 'unknown') AND phone IN (SELECT phone FROM text_consents)
      GROUP BY phone;
  `,
};
