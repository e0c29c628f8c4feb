import type { MigrationStep } from "./step";

export const lineOrigins: MigrationStep = {
  version: 18,
  name: "whose a timeline line and an address key were before the owner merged two people",
  // A merge moved every line and key of the person merged away to the one kept, and nothing said whose
  // they had been: an address's access download then showed the other address's calls and notes, and a
  // deletion of one address left its lines behind on the survivor. Now a merge keeps on each line it
  // moves the person it was written on (`written_on`; null: the person it is on), and each key names
  // the person made with it (`made_for`), so privacy/ can tell an address's lines (leads/lineage.ts).
  //
  // Merges before this version left no trace: their survivors' lines from before their last merge that
  // no form explains are marked '' (whose is not known), so an access download leaves them out and a
  // deletion of either address takes them.
  sql: () => `
    ALTER TABLE person_events ADD COLUMN written_on TEXT;
    ALTER TABLE person_keys ADD COLUMN made_for TEXT;
    UPDATE person_keys SET made_for = person_id;
    UPDATE person_events SET written_on = ''
      WHERE submission_id IS NULL
        AND id < (SELECT MAX(m.id) FROM person_events m WHERE m.person_id = person_events.person_id AND m.kind = 'merge');
  `,
};
