import { renderToStaticMarkup } from "react-dom/server";
import { analyticsAllowed } from "../../../src/analyticsScope";
import { analyticsHead, CONSENT_SCRIPT } from "../../../src/ssr/analyticsTags";

const BOTH = { gaMeasurementId: "G-TEST1234", gtmId: "GTM-TEST123" };

/** Runs the consent check as a page would, at an address and with a browser's preferences. */
function analyticsOff(pathname: string, preferences: { globalPrivacyControl?: boolean; doNotTrack?: string } = {}): unknown {
  const win: Record<string, unknown> = {};
  // The script is the build's own text, run with stand-ins for the page's globals.
  new Function("window", "navigator", "location", CONSENT_SCRIPT)(win, preferences, { pathname });
  return win.__analyticsOff;
}

test("the consent check turns analytics off exactly where analyticsAllowed says it may not run", () => {
  const addresses = [
    "/",
    "/about/",
    "/staff",
    "/staff/",
    "/staff/lead/",
    "/staff/no-such-screen/",
    "/staffing/",
    "/intro/",
    "/intro/cancel/",
    "/intro/cancel",
    "/404.html",
  ];
  for (const pathname of addresses) expect([pathname, analyticsOff(pathname)]).toEqual([pathname, !analyticsAllowed(pathname)]);
});

test("the consent check turns analytics off for Global Privacy Control and Do Not Track", () => {
  expect(analyticsOff("/", { globalPrivacyControl: true })).toBe(true);
  expect(analyticsOff("/", { doNotTrack: "1" })).toBe(true);
  expect(analyticsOff("/", { doNotTrack: "0" })).toBe(false);
});

test("a page without analytics, or a build without ids, gets no tag at all", () => {
  expect(analyticsHead("/staff/", BOTH)).toEqual([]);
  expect(analyticsHead("/intro/cancel/", BOTH)).toEqual([]);
  expect(analyticsHead("/", { gaMeasurementId: null, gtmId: null })).toEqual([]);
});

test("a public page gets one inline script that checks first, then loads each configured tool by script", () => {
  const html = renderToStaticMarkup(<>{analyticsHead("/", BOTH)}</>);
  expect(html.match(/<script>/g)).toHaveLength(1);
  expect(html).toMatch(/^<script>window\.__analyticsOff=.*if\(!window\.__analyticsOff\)\{/);
  expect(html).toContain('"https://www.googletagmanager.com/gtag/js?id=G-TEST1234"');
  expect(html).toContain('"https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"');
  expect(html).not.toMatch(/<script[^>]+src=|<link|<noscript/);
  const gaOnly = renderToStaticMarkup(<>{analyticsHead("/", { gaMeasurementId: "G-TEST1234", gtmId: null })}</>);
  expect(gaOnly).toContain("gtag/js?id=G-TEST1234");
  expect(gaOnly).not.toContain("gtm.js");
});

test("an id is written into the page only as part of an address", () => {
  const html = renderToStaticMarkup(<>{analyticsHead("/", { gaMeasurementId: 'G-1"</script><script>alert(1)//', gtmId: null })}</>);
  expect(html).toContain("gtag/js?id=G-1%22%3C%2Fscript%3E%3Cscript%3Ealert(1)%2F%2F");
  expect(html.match(/<\/script>/g)).toHaveLength(1);
});
