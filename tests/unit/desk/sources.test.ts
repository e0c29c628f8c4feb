import { fromWords, pageWords, rawSource, sourceChannel, sourceWords } from "../../../src/desk/sources";

const visit = (utmSource: string | null, referrerHost: string | null) => ({
  landingPage: "/",
  referrerHost,
  utmSource,
  utmMedium: null,
  utmCampaign: null,
});

test.each([
  ["facebook", "Facebook"],
  ["Facebook", "Facebook"],
  ["fb", "Facebook"],
  ["m.facebook.com", "Facebook"],
  ["l.facebook.com", "Facebook"],
  ["lm.facebook.com", "Facebook"],
  ["instagram", "Instagram"],
  ["l.instagram.com", "Instagram"],
  ["google", "Google"],
  ["google.com", "Google"],
  ["google.co.uk", "Google"],
  ["bing.com", "Bing"],
  ["Direct", "Direct"],
  ["newsletter", "E-mail"],
  // Anything else is itself: a new partner shows by name, never hidden in "other".
  ["grahamchamber.org", "grahamchamber.org"],
  ["notfacebook.com", "notfacebook.com"],
])("%s is %s", (raw, channel) => {
  expect(sourceChannel(raw)).toBe(channel);
});

test("the raw value: the utm_source, else the referring host without www., else Direct; null without a source", () => {
  expect(rawSource(visit("facebook", "l.facebook.com"))).toBe("facebook");
  expect(rawSource(visit(null, "www.google.com"))).toBe("google.com");
  expect(rawSource(visit("  ", null))).toBe("Direct");
  expect(rawSource(null)).toBeNull();
  expect(sourceChannel(null)).toBeNull();
});

test("in words: the channel, then the value as sent only where it says more than the channel", () => {
  expect(sourceWords(visit("facebook", "l.facebook.com"))).toBe("Facebook");
  expect(sourceWords(visit(null, "m.facebook.com"))).toBe("Facebook (m.facebook.com)");
  expect(sourceWords(visit("ig", null))).toBe("Instagram (ig)");
  expect(sourceWords(visit("email", null))).toBe("E-mail");
  expect(sourceWords(visit("spring-flyer", null))).toBe("spring-flyer");
  expect(sourceWords(visit(null, null))).toBe("Direct");
  expect(sourceWords(null)).toBe("Unknown");
});

describe("pageWords: a landing page as staff say it", () => {
  it("names the home page, a route by its title, and an address the table does not hold", () => {
    expect(pageWords("/")).toBe("the home page");
    expect(pageWords("/contact/")).toBe("the Contact Us page");
    expect(pageWords("/contact")).toBe("the Contact Us page");
    expect(pageWords("/announcements/summer-hours/")).toBe("/announcements/summer-hours/");
  });
});

test("a person's page says where they came from in words: a channel, straight to the site, or unknown", () => {
  expect(fromWords(visit("fb", null))).toBe("From Facebook");
  expect(fromWords(visit(null, "www.instagram.com"))).toBe("From Instagram");
  expect(fromWords(visit(null, null))).toBe("Came to the site directly");
  expect(fromWords(null)).toBe("From an unknown source");
});
