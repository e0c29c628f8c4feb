import "./src/styles/global.css";
import type { GatsbyBrowser } from "gatsby";
import { markPageHydrated } from "./src/hooks/useHydrated";
import { beforeRouteChange, startRecovery, watchPageLoads } from "./src/runtime/recovery";
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
  startRecovery();
  watchPageLoads((window as Window & { ___loader?: { loadPage(path: string): Promise<unknown> } }).___loader);
};

export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ location, prevLocation }) => {
  beforeRouteChange(location, !prevLocation);
};
