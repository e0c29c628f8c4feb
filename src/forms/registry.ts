/**
 * Every form a visitor sends, once: the list the store, the server, the staff's mails, the console and
 * the endpoints all read. Plain data with no imports, so the pages, the console and the server can
 * each load it.
 *
 * Adding a form is an entry here, its schema (src/forms/schemas/), its component, its definition in
 * src/server/forms/definitions.ts (listed in src/server/app/forms.ts) and its retention in
 * src/server/privacy/retention.ts (a missing one fails the type check) and its function file
 * src/api/<name>.ts (tests/unit/forms/endpoints.test.ts fails without it). The form's name is its
 * endpoint's: `/api/<name>`.
 */
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
}

export const FORM_REGISTRY = {
  contact: { prefix: "C", staffTitle: "Contact message", label: "Contact" },
  signup: { prefix: "S", staffTitle: "Membership sign-up", label: "Sign-up" },
  "membership-hold": { prefix: "H", staffTitle: "Hold / cancellation request", label: "Hold or cancel" },
  // B for a booking: "I" is left out of the references' alphabet for being read as 1.
  intro: { prefix: "B", staffTitle: "Free intro booking", label: "Free intro" },
  "privacy-request": { prefix: "P", staffTitle: "Privacy request", label: "Privacy request", ownerOnly: true },
  // V for a visit.
  "drop-in": { prefix: "V", staffTitle: "Drop-in visit", label: "Drop-in" },
  // K for kids: a parent books a seat in a kids class for their child.
  "kids-trial": { prefix: "K", staffTitle: "Kids' trial class", label: "Kids trial" },
} as const satisfies Record<string, FormEntry>;

export type FormName = keyof typeof FORM_REGISTRY;

/** The forms in the registry's order (the console's filter lists them so). */
export const FORMS = Object.keys(FORM_REGISTRY) as [FormName, ...FormName[]];
