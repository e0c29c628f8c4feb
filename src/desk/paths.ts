/**
 * The staff console's addresses, shared by its screens and by the messages that link into it. Pure:
 * the server (e-mails) and the browser (the console) both use it.
 */
export const STAFF_ROOT = "/staff/";

/**
 * Each screen is a page of its own (made by src/node/pages.ts from one component, src/staff/StaffPage.tsx),
 * so every address works on any host without a rewrite rule; one lead is the lead page with its
 * reference in the query.
 */
export const staffPaths = {
  leads: "/staff/",
  lead: "/staff/lead/",
  intros: "/staff/intros/",
  kidsTrials: "/staff/kids-trials/",
  reports: "/staff/reports/",
  privacy: "/staff/privacy/",
  outbox: "/staff/outbox/",
  accounts: "/staff/accounts/",
  replies: "/staff/replies/",
  signIn: "/staff/sign-in/",
} as const;

export type StaffScreen = keyof typeof staffPaths;

/** Each screen's page title. */
export const STAFF_TITLES: Record<StaffScreen, string> = {
  leads: "Leads",
  lead: "Lead",
  intros: "Free intros",
  kidsTrials: "Kids trials",
  reports: "Reports",
  privacy: "Privacy requests",
  outbox: "Outbox",
  accounts: "Accounts",
  replies: "Reply templates",
  signIn: "Sign in",
};

/** One lead, as the staff alert e-mail links to it. */
export const leadPath = (reference: string) => `/staff/lead/?id=${encodeURIComponent(reference)}`;
