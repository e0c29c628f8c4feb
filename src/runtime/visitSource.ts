/** sessionStorage: kept for the visit (this tab, until it closes), as the gym asked, and never sent anywhere but with a form. */
export const VISIT_SOURCE_KEY = "visit-source";

/** What the first page keeps, in this order: kept as a list, so the code every page carries stays small. */
export type KeptVisit = [
  landingPage: string,
  referrerHost: string | null,
  source: string | null,
  medium: string | null,
  campaign: string | null,
];

/**
 * Where a visit that begins at `href`, referred by `referrer` (document.referrer, empty when none),
 * came from: the page's path, the referring host (not the site's own), the three utm values. Only
 * these parts are read. Kept this small on purpose: it runs in every page's first script, within its
 * JavaScript budget (keptVisitSource.ts, loaded with a form, names the parts); the server checks each
 * part again (src/forms/visitSource.ts cleanSource).
 */
export function visitOf(href: string, referrer: string): KeptVisit {
  const url = new URL(href);
  const utm = (name: string) => url.searchParams.get(`utm_${name}`);
  let host: string | null = null;
  try {
    host = new URL(referrer).host;
  } catch {
    // None, or not an address.
  }
  return [url.pathname, host === url.host ? null : host, utm("source"), utm("medium"), utm("campaign")];
}

/**
 * Keeps where this visit came from, once: on the first page of the visit (a full load, not a link
 * inside the site). Storage can be refused (a private window, a full quota): then forms send none, as
 * a form sent without JavaScript.
 */
export function rememberVisitSource(): void {
  try {
    if (sessionStorage.getItem(VISIT_SOURCE_KEY) === null) {
      sessionStorage.setItem(VISIT_SOURCE_KEY, JSON.stringify(visitOf(location.href, document.referrer)));
    }
  } catch {
    // No storage.
  }
}
