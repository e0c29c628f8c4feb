import type { FormEntry } from "../formEntry";

/** The kids' trial class in the registry (src/forms/registry.ts): a parent books a seat in a kids class for their child. */
export const KIDS_TRIAL_ENTRY = {
  // K for kids.
  prefix: "K",
  staffTitle: "Kids' trial class",
  label: "Kids trial",
  sales: true,
  texts: true,
  kept: "kidsTrialMonths",
} as const satisfies FormEntry;
