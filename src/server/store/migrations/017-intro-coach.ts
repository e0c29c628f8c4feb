import type { MigrationStep } from "./step";

export const introCoach: MigrationStep = {
  version: 17,
  name: "each staff account's coach name on the free intros, for its own list of intros",
  // A staff account is an e-mail address and the intros name a coach of content/intro.json; nothing
  // linked the two, so a coach could not see only their own intros. Each staff member says which coach
  // they are in their settings; null (every account this migration finds) is none.
  sql: () => `
    ALTER TABLE staff_accounts ADD COLUMN intro_coach TEXT;
  `,
};
