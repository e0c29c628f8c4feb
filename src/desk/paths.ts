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
  settings: "/staff/settings/",
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
  settings: "Your settings",
  signIn: "Sign in",
};

/** One lead, as the staff alert e-mail links to it. */
export const leadPath = (reference: string) => `/staff/lead/?id=${encodeURIComponent(reference)}`;

/** Longer than any address the console makes: a path past it is refused unread. */
const MAX_NEXT = 300;

/**
 * The console page a sign-in goes on to (`?next=` in a sign-in link, what the sign-in form sends): a
 * path and query of this site's console, never another site or page (an open redirect would let a
 * mail that looks like the gym's send staff anywhere), nor the sign-in page itself. Read against a
 * made-up origin: whatever a browser would take for another host, a scheme, or `..` out of /staff/
 * leaves that origin or the console, and is refused. Undefined for anything else.
 */
export function consolePath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_NEXT || !value.startsWith(STAFF_ROOT)) return undefined;
  const origin = "https://console.invalid";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !url.pathname.startsWith(STAFF_ROOT) || url.pathname.startsWith(staffPaths.signIn)) return undefined;
  return `${url.pathname}${url.search}`;
}
