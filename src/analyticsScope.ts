import { PRIVACY_CONFIRM_PATH } from "./forms/privacyConfirmPath";
import { INTRO_CANCEL_PATH } from "./intro/cancelPath";
import { KIDS_TRIAL_CANCEL_PATH } from "./schedule/trialCancelPath";
import { STAFF_ROOT } from "./desk/paths";

/**
 * What analytics may see: which pages, and which part of an address. Pure, so the HTML renderer
 * (the tags), the build (each page's Content-Security-Policy) and the browser (page views) all ask here.
 */

/**
 * THE pages that never carry analytics: no tag, no inline snippet, no data layer, no Google origin
 * in their Content-Security-Policy, and no page view counted there. Each entry is an address and every
 * address under it. A page whose address can carry a token or what a person typed belongs here.
 */
export const PAGES_WITHOUT_ANALYTICS: readonly string[] = [
  // The staff console: searches by name or e-mail in the query, sign-in links with a token in the fragment.
  STAFF_ROOT,
  // A visitor's own cancel link: the token rides in the fragment.
  INTRO_CANCEL_PATH,
  // A parent's own cancel link for a kids' trial seat: the token rides in the fragment.
  KIDS_TRIAL_CANCEL_PATH,
  // The link that confirms a privacy request: the token rides in the fragment.
  PRIVACY_CONFIRM_PATH,
];

/** False for a page in PAGES_WITHOUT_ANALYTICS or under one ("/staff/lead/", "/staff", "/staff/index.html"). */
export function analyticsAllowed(pathname: string): boolean {
  return !PAGES_WITHOUT_ANALYTICS.some((page) => pathname.startsWith(page) || pathname === page.slice(0, -1));
}

/**
 * The address a page view reports: the page without its fragment and without any query parameter but
 * the campaign tags (utm_*). A fragment may hold a token, and a query a search or a form's prefill;
 * only the campaign tags are for Google.
 */
export function pageLocation(href: string): string {
  const url = new URL(href);
  const campaign = new URLSearchParams();
  url.searchParams.forEach((value, name) => {
    if (name.startsWith("utm_")) campaign.append(name, value);
  });
  const query = campaign.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The referrer a page view reports: its origin and path only, and nothing for a page without analytics
 * (the visitor was in the console, say) or when there is none.
 */
export function pageReferrer(referrer: string): string {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    // No referrer (""), or one a browser would not send: nothing to report.
    return "";
  }
  const web = url.protocol === "http:" || url.protocol === "https:";
  return web && analyticsAllowed(url.pathname) ? `${url.origin}${url.pathname}` : "";
}
