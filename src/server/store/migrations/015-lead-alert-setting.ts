import type { MigrationStep } from "./step";

export const leadAlertSetting: MigrationStep = {
  version: 15,
  name: "each staff account's new-lead e-mails: on, or off since when",
  // Every staff account gets the staff alert of each new lead (forms/staffAlert.ts) unless its owner
  // turned it off in the console: then this holds since when, which the owner's Accounts screen shows.
  // Null (the default, and every account this migration finds) is on.
  sql: (t) => `
    ALTER TABLE staff_accounts ADD COLUMN lead_alerts_off_at ${t.time};
  `,
};
