import { CONTACT_ENTRY } from "./contact/entry";
import { DROP_IN_ENTRY } from "./dropIn/entry";
import type { FormEntry } from "./formEntry";
import { HOLD_ENTRY } from "./hold/entry";
import { INTRO_ENTRY } from "./intro/entry";
import { KIDS_TRIAL_ENTRY } from "./kidsTrial/entry";
import { PRIVACY_REQUEST_ENTRY } from "./privacyRequest/entry";
import { SIGNUP_ENTRY } from "./signup/entry";

/**
 * Every form a visitor sends, once: the list the store, the server, the staff's mails, the console, the
 * retention and the endpoints all read. Each entry is plain data in its form's folder (entry.ts: its
 * reference letter, titles and how long it is kept), so the pages, the console and the server can each
 * load it.
 *
 * Adding a form is its folder (src/forms/<form>/), an entry here, its component, its definition in
 * src/server/forms/definitions.ts (listed in src/server/app/forms.ts; a missing one fails the type check)
 * and its function file src/api/<name>.ts (tests/unit/forms/endpoints.test.ts fails without it). The
 * form's name is its endpoint's: `/api/<name>`. docs/architecture.md, "How to add a form", lists them.
 */
export const FORM_REGISTRY = {
  contact: CONTACT_ENTRY,
  signup: SIGNUP_ENTRY,
  "membership-hold": HOLD_ENTRY,
  intro: INTRO_ENTRY,
  "privacy-request": PRIVACY_REQUEST_ENTRY,
  "drop-in": DROP_IN_ENTRY,
  "kids-trial": KIDS_TRIAL_ENTRY,
} as const satisfies Record<string, FormEntry>;

export type FormName = keyof typeof FORM_REGISTRY;

/** The forms in the registry's order (the console's filter lists them so). */
export const FORMS = Object.keys(FORM_REGISTRY) as [FormName, ...FormName[]];

/**
 * The sales forms (`sales` in their entries): each makes or joins a person in the pipeline. The others
 * are members' business or the owner's, in views of their own.
 */
export const SALES_FORMS: readonly FormName[] = FORMS.filter((form) => "sales" in FORM_REGISTRY[form]);

export const isSalesForm = (form: FormName): boolean => SALES_FORMS.includes(form);

/** The forms with a phone field, which offer the box "Text me about my enquiry" (`texts` in their entries). */
export const TEXT_FORMS: readonly FormName[] = FORMS.filter((form) => "texts" in FORM_REGISTRY[form]);

export const offersTexts = (form: FormName): boolean => TEXT_FORMS.includes(form);
