import "./src/styles/global.css";
import { type ReactElement, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { GatsbyBrowser } from "gatsby";
import { markPageHydrated } from "./src/hooks/useHydrated";
import { beforeRouteChange, startRecovery, watchPageLoads } from "./src/runtime/recovery";
import { rememberVisitSource } from "./src/runtime/visitSource";
import { wrapPageElement as wrap } from "./src/wrapPageElement";

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = wrap;

/** Filter links (schedule, gallery) change only the query string: keep the visitor's scroll position. */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  const state = routerProps.location.state as { keepScroll?: boolean } | null;
  return !state?.keepScroll;
};

/** Marks the page as interactive: styles and tests can tell the static HTML from the running app. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  markPageHydrated();
  document.documentElement.dataset.hydrated = "true";
};

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  rememberVisitSource();
  startRecovery();
  watchPageLoads((window as Window & { ___loader?: { loadPage(path: string): Promise<unknown> } }).___loader);
};

export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ location, prevLocation }) => {
  beforeRouteChange(location, !prevLocation);
};

/**
 * A page view, on a page whose analytics script ran (it made the data layer): the code that counts it
 * (src/runtime/pageViews.ts) loads only there, so a build without analytics, a page without it and a
 * visitor who opted out carry none of it. A failure to load it is logged, never a reason to reload.
 */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  if (!Array.isArray((window as Window & { dataLayer?: unknown }).dataLayer)) return;
  const { pathname, search } = location;
  import("./src/runtime/pageViews").then(
    ({ countPageView }) => countPageView({ pathname, search }),
    (error: unknown) => console.warn("Analytics page view failed", error),
  );
};

/**
 * Hydration as a transition: React then hydrates the page in slices of a few milliseconds with the main
 * thread free between them, instead of in one task as long as the whole page (a phone's longest task
 * on most pages). A tap on the page while it hydrates makes React finish first and then handle it.
 */
function hydrateInTransition(element: ReactElement, root: Element): void {
  if (!document.getElementById("gatsby-focus-wrapper")?.hasChildNodes()) {
    // Nothing was rendered ahead (a page built without HTML): render it, as Gatsby would.
    createRoot(root).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(root, element);
  });
}
// Gatsby's types give this hook ReactDOM's legacy `render` signature; its runtime calls the function
// it returns with (element, container) and ignores what that returns.
export const replaceHydrateFunction = (() => hydrateInTransition) as unknown as GatsbyBrowser["replaceHydrateFunction"];
