import type { FormEntry } from "../formEntry";

/** The privacy request in the registry (src/forms/registry.ts): the owner's to answer, so only the owner sees it. */
export const PRIVACY_REQUEST_ENTRY = {
  prefix: "P",
  staffTitle: "Privacy request",
  label: "Privacy request",
  ownerOnly: true,
  kept: "requestMonths",
} as const satisfies FormEntry;
