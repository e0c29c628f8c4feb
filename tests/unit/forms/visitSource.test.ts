import { cleanSource, sourceName, UTM_MAX } from "../../../src/forms/visitSource";
import { visitOf } from "../../../src/runtime/visitSource";
import { namedVisit } from "../../../src/runtime/keptVisitSource";

/** What the browser keeps of a visit's first page, as a form sends it and the server then stores it. */
const sourceOfVisit = (href: string, referrer: string) => cleanSource(namedVisit(visitOf(href, referrer)))!;

/** Where a visit came from: what the browser keeps and the server accepts, and nothing else of either address. */

const SITE = "https://crossfitgraham.example";

test("a campaign link: its path and three utm values, nothing else of the address", () => {
  expect(
    sourceOfVisit(`${SITE}/?utm_source=facebook&utm_medium=social&utm_campaign=open-house&fbclid=IwAR0xyz&email=ana%40example.com`, ""),
  ).toEqual({ landingPage: "/", referrerHost: null, utmSource: "facebook", utmMedium: "social", utmCampaign: "open-house" });
});

test("the referring site's host only, never its page or query", () => {
  expect(sourceOfVisit(`${SITE}/programs/kids/`, "https://l.facebook.com/l.php?u=https%3A%2F%2Fx&h=AT0secret")).toEqual({
    landingPage: "/programs/kids/",
    referrerHost: "l.facebook.com",
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
  });
});

test("the site's own pages, and what is not an address, refer no one", () => {
  expect(sourceOfVisit(`${SITE}/contact/`, `${SITE}/rates/`).referrerHost).toBeNull();
  // An app that sent them names itself as a host would: kept, it says as much as a site's host.
  expect(sourceOfVisit(`${SITE}/contact/`, "android-app://com.google.android.gm/").referrerHost).toBe("com.google.android.gm");
  expect(sourceOfVisit(`${SITE}/contact/`, "not an address").referrerHost).toBeNull();
});

test("a utm value is trimmed, cleared of control characters and cut, never refused", () => {
  const long = "x".repeat(UTM_MAX + 50);
  const source = sourceOfVisit(`${SITE}/?utm_source=%20news%0Aletter%20&utm_campaign=${long}`, "");
  expect(source.utmSource).toBe("newsletter");
  expect(source.utmCampaign).toBe("x".repeat(UTM_MAX));
  expect(sourceOfVisit(`${SITE}/?utm_source=%20%20`, "").utmSource).toBeNull();
});

test("the server keeps only what checks out again, and nothing when nothing does", () => {
  expect(
    cleanSource({
      landingPage: "/contact/?email=ana@example.com",
      referrerHost: "https://evil.example/path",
      utmSource: "facebook",
      utmMedium: 42,
      utmCampaign: "open-house",
      name: "Ana",
    }),
  ).toEqual({ landingPage: null, referrerHost: null, utmSource: "facebook", utmMedium: null, utmCampaign: "open-house" });
  expect(cleanSource({ landingPage: "/", referrerHost: "WWW.Google.COM" })).toMatchObject({
    landingPage: "/",
    referrerHost: "www.google.com",
  });
  for (const junk of [undefined, null, "facebook", ["facebook"], {}, { utmSource: "  " }]) expect(cleanSource(junk)).toBeUndefined();
});

test("the source staff read: the utm source, else the referring site, else Direct; Unknown without one", () => {
  const none = { landingPage: "/", referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };
  expect(sourceName({ ...none, utmSource: "facebook", referrerHost: "l.facebook.com" })).toBe("facebook");
  expect(sourceName({ ...none, referrerHost: "www.google.com" })).toBe("www.google.com");
  expect(sourceName(none)).toBe("Direct");
  expect(sourceName(null)).toBe("Unknown");
});
