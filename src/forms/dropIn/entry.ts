import type { FormEntry } from "../formEntry";

/**
 * The drop-in in the registry (src/forms/registry.ts). It holds the visitor's signed waiver, so it is kept
 * long enough to answer an injury claim.
 */
export const DROP_IN_ENTRY = {
  // V for a visit.
  prefix: "V",
  staffTitle: "Drop-in visit",
  label: "Drop-in",
  sales: true,
  kept: "dropInMonths",
} as const satisfies FormEntry;
