import { buildAnalyticsIds } from "../analyticsIds";
import { analyticsAllowed, pageLocation, pageReferrer } from "../analyticsScope";

/**
 * Page views, counted by the site itself (gatsby-browser's onRouteUpdate loads this module only on a
 * page whose analytics script ran). What one reports is decided in src/analyticsScope.ts: never a
 * fragment, never a query parameter but utm_*, never a page without analytics.
 */
type AnalyticsWindow = Window & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };

interface PageView {
  page_location: string;
  page_referrer: string;
}

const ids = buildAnalyticsIds();
let previousAddress: string | null = null;
let configured = false;

function send(win: AnalyticsWindow, view: PageView): void {
  try {
    if (ids.gaMeasurementId && typeof win.gtag === "function") {
      // Every later event of the page (a lead, GA's own enhanced measurement) reports these too, not the browser's address.
      win.gtag("set", view);
      // Configured here rather than in the page's script: no event can leave before the address is set.
      if (!configured) win.gtag("config", ids.gaMeasurementId, { send_page_view: false });
      configured = true;
      win.gtag("event", "page_view", view);
    }
    if (ids.gtmId && Array.isArray(win.dataLayer)) win.dataLayer.push({ event: "gatsby-route-change", ...view });
  } catch (error) {
    console.warn("Analytics page view failed", error);
  }
}

/**
 * One page view per route, the first included: to GA4 as a `page_view` event, to Tag Manager as a
 * `gatsby-route-change` event with the same fields. None on a page without analytics, which a visitor
 * could reach from a public page by client-side navigation.
 */
export function countPageView(location: { pathname: string; search: string }): void {
  const address = `${window.location.origin}${location.pathname}${location.search}`;
  const from = previousAddress ?? document.referrer;
  previousAddress = address;
  if (!analyticsAllowed(location.pathname)) return;
  const view = { page_location: pageLocation(address), page_referrer: pageReferrer(from) };
  // Two frames on, as gatsby-plugin-google-gtag did: the new page's title (which gtag reads) is in place by then.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => send(window, view), 0)));
}
