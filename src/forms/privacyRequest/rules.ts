import { addDays } from "../../content/dates";

/**
 * What a person may ask about their data (Washington's My Health My Data Act, RCW 19.373.040, and the
 * privacy page's promises): confirm and see it, correct it, delete it, withdraw consent, or appeal an answer.
 * The form's check is src/forms/privacyRequest/schema.ts, loaded on first use.
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

/**
 * What each kind of request asks for, as the mail that confirms it words it to the address it goes to
 * (never the visitor's own words: the address is not theirs until they confirm).
 */
export const PRIVACY_REQUEST_ASKED: Record<PrivacyRequestKind, string> = {
  access: "to see the data we hold about this e-mail address",
  correction: "to correct data we hold about this e-mail address",
  deletion: "to delete everything we hold about this e-mail address",
  "withdraw-consent": "to stop using, and delete, the health information given with this e-mail address",
  appeal: "to look again at our answer to an earlier request from this e-mail address",
};

/** How long the link that confirms a request works, from when it is made: the mail, the pages and the store use this. */
export const CONFIRM_LINK_DAYS = 7;

/**
 * How the owner checked, another way than the link, that a request comes from the person it concerns
 * (the CLI's verify-request --how); "link" is the person's own use of the mailed link.
 */
export const OWNER_CHECKS = ["in-person", "phone", "email"] as const;
export type OwnerCheck = (typeof OWNER_CHECKS)[number];
export type ConfirmedBy = "link" | OwnerCheck;
