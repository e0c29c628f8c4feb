import { sourceOfVisit, type VisitSource } from "../forms/visitSource";

/** sessionStorage: kept for the visit (this tab, until it closes), as the gym asked, and never sent anywhere but with a form. */
const KEY = "visit-source";

/**
 * Keeps where this visit came from, once: on the first page of the visit (a full load, not a link
 * inside the site). Storage can be refused (a private window, a full quota): then forms send none.
 */
export function rememberVisitSource(): void {
  try {
    if (window.sessionStorage.getItem(KEY) !== null) return;
    window.sessionStorage.setItem(KEY, JSON.stringify(sourceOfVisit(window.location.href, document.referrer)));
  } catch {
    // No storage: the lead's source is unknown, as for a form sent without JavaScript.
  }
}

/** What a form sends as its source (the server checks it again: src/forms/visitSource.ts cleanSource). */
export function visitSource(): VisitSource | undefined {
  try {
    const kept = window.sessionStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as VisitSource) : undefined;
  } catch {
    return undefined;
  }
}
