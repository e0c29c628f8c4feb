import type { Privacy } from "../content/schemas";

/**
 * How long a form's submissions are kept: the months content/privacy.json gives it (its field's name),
 * or "membership" for the records staff keep for as long as the membership (src/server/privacy/retention.ts).
 */
export type Retention = Extract<keyof Privacy, `${string}Months`> | "membership";

/** What the registry (src/forms/registry.ts) knows of a form: each form's entry.ts in its folder. */
export interface FormEntry {
  /** Its references' first letter (src/server/forms/ids.ts): read out over the phone, so never I, L, O or U. */
  readonly prefix: string;
  /** The staff alert's subject and heading (src/server/forms/staffAlert.ts). */
  readonly staffTitle: string;
  /** The console's name for it: inbox, lead page, form filter. */
  readonly label: string;
  /**
   * Only the owner sees it in the console (list, search, lead page, history, API): a privacy request is
   * the owner's to answer, and says what a person asked about their own data.
   */
  readonly ownerOnly?: true;
  /**
   * A form someone sends who may become a member: it makes (or joins) a person in the staff's pipeline
   * (src/server/forms/people.ts), counts in the reports' leads and moves nobody else. Without it the form
   * is members' business (a hold, a sign-up: its own view in the console) or the owner's (a privacy
   * request): never in the pipeline or its numbers.
   */
  readonly sales?: true;
  /**
   * The form has a phone field, and beside it the unticked box "Text me about my enquiry" with the
   * disclosure (src/texts/consent.ts): its `textConsent` goes to the consent ledger with the form
   * (src/server/texts/consentLedger.ts). tests/unit/forms/registry.test.ts holds it to the forms' fields.
   */
  readonly texts?: true;
  /** How long it is kept: required, so a new form is never kept forever by having been forgotten. */
  readonly kept: Retention;
}
