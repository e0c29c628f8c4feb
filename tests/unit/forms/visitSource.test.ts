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

describe("what a visit sends from outside a browser: nothing that is not text survives", () => {
  const none = { landingPage: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };
  // One of each: NUL, an escape sequence, the bidi overrides, embeddings and isolates, a line separator, DEL, a C1 control.
  const hidden = [
    "\u0000",
    "\u001b",
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u2028",
    "\u007f",
    "\u0085",
    "\u200f",
    "\u061c",
  ];

  test("a landing path holding any is not kept (a browser sends its path encoded), and the rest of the source is", () => {
    expect(cleanSource({ landingPage: "/=1+1\u202egnp.exe\u001b[31m", utmSource: "facebook" })).toEqual({ ...none, utmSource: "facebook" });
    for (const char of hidden) expect(cleanSource({ landingPage: `/contact/${char}`, utmSource: "x" })?.landingPage).toBeNull();
    // Spaces and letters beyond ASCII too: the browser would have sent %20 and %C3%A9.
    for (const path of ["/caf\u00e9/", "/a b/", "/a\u00a0b/", "/\ud83d/"])
      expect(cleanSource({ landingPage: path, utmSource: "x" })?.landingPage).toBeNull();
  });

  test("every path a browser's address can have is kept as the browser wrote it", () => {
    const path = new URL(`${SITE}/caf\u00e9/\u202e a|b^[c]{d}\`e"f<g>%41`).pathname;
    expect(path).toBe("/caf%C3%A9/%E2%80%AE%20a|b^[c]%7Bd%7D%60e%22f%3Cg%3E%41");
    expect(sourceOfVisit(`${SITE}${path}`, "").landingPage).toBe(path);
  });

  test("utm values lose them", () => {
    for (const char of hidden) expect(cleanSource({ utmSource: `face${char}book` })?.utmSource).toBe("facebook");
  });

  test("a utm value holding an RFC 2047 encoded word is not kept: a mail client would decode it", () => {
    expect(cleanSource({ utmSource: "=?UTF-8?B?4oCuQW5h?=facebook", utmMedium: "social" })).toEqual({ ...none, utmMedium: "social" });
    expect(cleanSource({ utmCampaign: "spring=?" })?.utmCampaign).toBe("spring=?");
  });

  test("a long utm value is cut between characters, never inside one (half an emoji is not text)", () => {
    const long = cleanSource({ utmCampaign: `${"x".repeat(UTM_MAX - 1)}💪💪` })?.utmCampaign;
    expect(long).toBe(`${"x".repeat(UTM_MAX - 1)}💪`);
    expect(cleanSource({ utmMedium: "\ud83d social" })?.utmMedium).toBe("social");
  });

  test("a referring host holding any is not kept, nor one that only lower-cases to a host", () => {
    for (const char of hidden) expect(cleanSource({ referrerHost: `www.google.com${char}`, utmSource: "x" })?.referrerHost).toBeNull();
    // The Kelvin sign lower-cases to "k".
    expect(cleanSource({ referrerHost: "www.\u212Aids.example", utmSource: "x" })?.referrerHost).toBeNull();
  });
});

test("the source staff read: the utm source, else the referring site, else Direct; Unknown without one", () => {
  const none = { landingPage: "/", referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };
  expect(sourceName({ ...none, utmSource: "facebook", referrerHost: "l.facebook.com" })).toBe("facebook");
  expect(sourceName({ ...none, referrerHost: "www.google.com" })).toBe("www.google.com");
  expect(sourceName(none)).toBe("Direct");
  expect(sourceName(null)).toBe("Unknown");
});
