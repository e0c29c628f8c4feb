import type { FormEntry } from "../formEntry";

/** The hold or cancellation request in the registry (src/forms/registry.ts): a membership record, kept as long as the membership. */
export const HOLD_ENTRY = {
  prefix: "H",
  staffTitle: "Hold / cancellation request",
  label: "Hold or cancel",
  texts: true,
  kept: "membership",
} as const satisfies FormEntry;
