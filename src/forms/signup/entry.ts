import type { FormEntry } from "../formEntry";

/** The sign-up in the registry (src/forms/registry.ts): a membership record, kept as long as the membership. */
export const SIGNUP_ENTRY = {
  prefix: "S",
  staffTitle: "Membership sign-up",
  label: "Sign-up",
  texts: true,
  kept: "membership",
} as const satisfies FormEntry;
