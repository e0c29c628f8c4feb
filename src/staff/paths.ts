/**
 * The staff console's addresses, shared by its screens and by the messages that link into it. Pure:
 * the server (e-mails) and the browser (the console) both use it.
 */
export const STAFF_ROOT = "/staff/";

export const staffPaths = {
  leads: "/staff/",
  intros: "/staff/intros/",
  privacy: "/staff/privacy/",
  outbox: "/staff/outbox/",
  accounts: "/staff/accounts/",
  signIn: "/staff/sign-in/",
} as const;

/** One lead, as the staff alert e-mail links to it. */
export const leadPath = (reference: string) => `/staff/leads/${encodeURIComponent(reference)}/`;
