import { useEffect, useState } from "react";

// Whether a page has hydrated in this browser tab: every render after that is an ordinary browser render
// (a page reached by client-side navigation, a filter link on the same page), with nothing to match.
let pageHydrated = false;

/**
 * False during the server render and while the first page hydrates, true after (and at once on pages
 * reached by client-side navigation). Anything that depends on the browser waits for it, so hydration
 * matches the static HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Whether the first page has hydrated (a form held until used hydrates after it: src/components/form/HydrateOnUse.tsx). */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/** Called once the first page has hydrated (gatsby-browser's onInitialClientRender), whatever it was. */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/**
 * `live` once the page is hydrated, `asBuilt` before (the value the static HTML was rendered with), so
 * hydration matches the HTML. Unlike a branch on useHydrated(), the component renders again only when
 * the two differ (a query string, a day other than the build's): most visits have neither, and a page
 * that re-rendered itself whole right after hydrating was the longest task a phone ran on it.
 */
export function useLiveValue<T>(live: T, asBuilt: T): T {
  const differs = !Object.is(live, asBuilt);
  // Rendered while hydrating: the one render that showed the value as built and may need another.
  const hydrating = !pageHydrated;
  const [, setCaughtUp] = useState(false);
  useEffect(() => {
    pageHydrated = true;
    if (differs && hydrating) setCaughtUp(true);
  }, [differs, hydrating]);
  return pageHydrated ? live : asBuilt;
}
