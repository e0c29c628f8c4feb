import { pageWords, rawSource, sourceChannel } from "../../../src/desk/sources";

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

describe("pageWords: a landing page as staff say it", () => {
  it("names the home page, a route by its title, and an address the table does not hold", () => {
    expect(pageWords("/")).toBe("the home page");
    expect(pageWords("/contact/")).toBe("the Contact Us page");
    expect(pageWords("/contact")).toBe("the Contact Us page");
    expect(pageWords("/announcements/summer-hours/")).toBe("/announcements/summer-hours/");
  });
});
