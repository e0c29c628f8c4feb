import type { FormEntry } from "../formEntry";

/** The free intro in the registry (src/forms/registry.ts). */
export const INTRO_ENTRY = {
  // B for a booking: "I" is left out of the references' alphabet for being read as 1.
  prefix: "B",
  staffTitle: "Free intro booking",
  label: "Free intro",
  sales: true,
  texts: true,
  kept: "introMonths",
} as const satisfies FormEntry;
