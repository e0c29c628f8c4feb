import { addDays } from "./dateRules";

/**
 * What a person may ask about their data (Washington's My Health My Data Act, RCW 19.373.040, and the
 * privacy page's promises): confirm and see it, correct it, delete it, withdraw consent, or appeal an answer.
 * The form's check is src/forms/schemas/privacyRequest.ts, loaded on first use.
 */
export const PRIVACY_REQUESTS = ["access", "correction", "deletion", "withdraw-consent", "appeal"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUESTS)[number];

export const PRIVACY_REQUEST_LABELS: Record<PrivacyRequestKind, { label: string; hint: string }> = {
  access: { label: "See my data", hint: "Whether you hold data about me, a copy of it, and who you shared it with." },
  correction: { label: "Correct my data", hint: "Tell us below what is wrong and what it should say." },
  deletion: { label: "Delete my data", hint: "Everything you hold about me, health information included." },
  "withdraw-consent": { label: "Withdraw my consent for health information", hint: "You stop using it and delete it." },
  appeal: { label: "Appeal an answer", hint: "Give your earlier request's reference below and why you disagree." },
};

/** The last day to answer a request received on `received` (a date at the gym), `days` later. */
export function answerDueDate(received: string, days: number): string {
  return addDays(received, days);
}
