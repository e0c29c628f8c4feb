import type { ReactElement } from "react";
import type { AnalyticsIds } from "../analyticsIds";
import { analyticsAllowed, PAGES_WITHOUT_ANALYTICS } from "../analyticsScope";

/**
 * The analytics tags in a page's head, written here rather than by gatsby-plugin-google-gtag and
 * gatsby-plugin-google-tagmanager: those put Google's code in every page, report the whole address
 * (fragment and query) as the page view, and push to a data layer after every route change whether the
 * page has one or not. Here:
 * - a page without analytics (src/analyticsScope.ts) gets no tag at all;
 * - on the others, one inline script decides once whether analytics may run: not for visitors who send
 *   Global Privacy Control or Do Not Track, nor at an address under a page without analytics (the 404
 *   page answers there too); only then does it set up the data layer and load Google's code by script,
 *   a failure logged, never shown;
 * - no preconnect hint and no <noscript> iframe: without JavaScript the preference cannot be read.
 * Page views are counted by src/runtime/pageViews.ts.
 */
const GOOGLE = "https://www.googletagmanager.com";

/**
 * Sets window.__analyticsOff. The address test is analyticsAllowed's, written out for a page that has
 * not loaded its JavaScript yet (a unit test holds the two together).
 */
export const CONSENT_SCRIPT =
  'window.__analyticsOff=navigator.globalPrivacyControl===true||navigator.doNotTrack==="1"||window.doNotTrack==="1"||' +
  `${JSON.stringify(PAGES_WITHOUT_ANALYTICS)}.some(function(p){return location.pathname.indexOf(p)===0||location.pathname===p.slice(0,-1)});`;

function loadScript(src: string): string {
  return `(function(){var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};s.onerror=function(){console.warn("Analytics did not load; the site works without it.")};document.head.appendChild(s)})();`;
}

/** Google's gtag snippet; its `config` waits for the first page view, which sets what it may report. */
const gtag = (id: string) =>
  `window.gtag=function(){window.dataLayer.push(arguments)};gtag("js",new Date());${loadScript(`${GOOGLE}/gtag/js?id=${encodeURIComponent(id)}`)}`;

/** Google Tag Manager's snippet. */
const gtm = (id: string) =>
  `window.dataLayer.push({"gtm.start":new Date().getTime(),event:"gtm.js"});${loadScript(`${GOOGLE}/gtm.js?id=${encodeURIComponent(id)}`)}`;

/** The page's analytics script, or nothing when the page carries none or no tool is configured. */
export function analyticsHead(pathname: string, { gaMeasurementId, gtmId }: AnalyticsIds): ReactElement[] {
  if (!analyticsAllowed(pathname) || (!gaMeasurementId && !gtmId)) return [];
  const tools = `window.dataLayer=window.dataLayer||[];${gaMeasurementId ? gtag(gaMeasurementId) : ""}${gtmId ? gtm(gtmId) : ""}`;
  return [<script key="analytics" dangerouslySetInnerHTML={{ __html: `${CONSENT_SCRIPT}if(!window.__analyticsOff){${tools}}` }} />];
}
