import type { MigrationStep } from "./step";

export const leadSources: MigrationStep = {
  version: 9,
  name: "where each lead came from: landing page, referring host and utm values",
  // What the visitor's browser kept for the visit (src/runtime/visitSource.ts) and the form sent with the
  // submission: the landing page's path, the referring site's host (never its full address) and three
  // utm values: none of it says who the visitor is. No row: the form was sent without JavaScript, or before this
  // version, and where the lead came from is unknown. Goes with its submission on deletion.
  sql: () => `
    CREATE TABLE lead_sources (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      landing_page TEXT,
      referrer_host TEXT,
      utm_source TEXT,
      utm_medium TEXT,
      utm_campaign TEXT
    );
  `,
};
