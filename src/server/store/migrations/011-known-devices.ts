import type { MigrationStep } from "./step";

export const knownDevices: MigrationStep = {
  version: 11,
  name: "known devices: browsers a staff member has signed in on",
  // A browser a staff member signed in on keeps a cookie of its own for a year from its latest sign-in;
  // only the SHA-256 of its token is stored, against the account, so removing the account (ON DELETE
  // CASCADE) or signing out everywhere forgets it. It grants nothing: it only lets that browser ask for
  // that person's links under a limit of its own (src/server/staff/routes/signIn.ts).
  sql: (t) => `
    CREATE TABLE staff_devices (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
      created_at ${t.time} NOT NULL,
      expires_at ${t.time} NOT NULL
    );
    CREATE INDEX staff_devices_email ON staff_devices (email);
  `,
};
