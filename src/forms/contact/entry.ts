import type { FormEntry } from "../formEntry";

/** The contact form in the registry (src/forms/registry.ts). */
export const CONTACT_ENTRY = {
  prefix: "C",
  staffTitle: "Contact message",
  label: "Contact",
  sales: true,
  texts: true,
  kept: "contactMonths",
} as const satisfies FormEntry;
