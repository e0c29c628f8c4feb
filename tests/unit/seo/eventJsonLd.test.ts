import { loadCheckedContent } from "../../../src/node/contentChecks";
import { absoluteUrl, eventJsonLd, type EventFacts } from "../../../src/seo/eventJsonLd";
import { zonedIso } from "../../../src/time/wallClock";

/**
 * schema.org Event as Google reads it for event rich results
 * (https://developers.google.com/search/docs/appearance/structured-data/event): what it requires and
 * what it recommends. Written here, not derived from the builder, so the builder cannot drop one unnoticed.
 */
const REQUIRED = ["@context", "@type", "name", "startDate", "location"] as const;
const REQUIRED_LOCATION = ["@type", "name", "address"] as const;
const RECOMMENDED = ["description", "endDate", "eventAttendanceMode", "eventStatus", "image", "offers", "organizer"] as const;
const OFFER = ["@type", "price", "priceCurrency", "url", "availability"] as const;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

const { content } = loadCheckedContent();
if (!content) throw new Error("content/ has problems");
const { site } = content;
const SITE_URL = "https://gym.example";

function facts(slug: string): EventFacts {
  const event = content!.events.find((candidate) => candidate.slug === slug);
  if (!event) throw new Error(`no event ${slug}`);
  const { data } = event;
  const pageUrl = `${SITE_URL}/events/${slug}/`;
  return {
    title: data.title,
    summary: data.summary,
    startIso: zonedIso(data.start, site.timeZone),
    endIso: data.end ? zonedIso(data.end, site.timeZone) : null,
    place: data.place && data.placeAddress ? { name: data.place, address: data.placeAddress } : null,
    price: data.price,
    offerUrl: data.registerUrl ? absoluteUrl(data.registerUrl, SITE_URL) : pageUrl,
    signUpOpensIso: data.signUpOpens ? zonedIso(data.signUpOpens, site.timeZone) : null,
    pageUrl,
    imageUrl: `${SITE_URL}/static/poster.jpg`,
    passed: false,
  };
}

/** A free event at the gym on a winter (standard time) morning, written here so an edit of content/events cannot change it. */
const FREE_AT_THE_GYM: EventFacts = {
  title: "Thanksgiving burner",
  summary: "A 45-minute workout for everyone before the feast.",
  startIso: zonedIso("2026-11-26 09:00", site.timeZone),
  endIso: zonedIso("2026-11-26 10:00", site.timeZone),
  place: null,
  price: 0,
  offerUrl: `${SITE_URL}/events/thanksgiving-burner/`,
  signUpOpensIso: null,
  pageUrl: `${SITE_URL}/events/thanksgiving-burner/`,
  imageUrl: `${SITE_URL}/static/poster.jpg`,
  passed: false,
};

describe("an event's JSON-LD", () => {
  test.each(content.events.map((event) => event.slug))("%s has every property Google requires and recommends", (slug) => {
    const data = eventJsonLd(facts(slug), site, SITE_URL) as Record<string, unknown>;
    for (const key of [...REQUIRED, ...RECOMMENDED]) expect(data).toHaveProperty([key]);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Event");
    const location = data.location as Record<string, unknown>;
    for (const key of REQUIRED_LOCATION) expect(location).toHaveProperty([key]);
    const offers = data.offers as Record<string, unknown>;
    for (const key of OFFER) expect(offers).toHaveProperty([key]);
    expect(data.startDate).toMatch(ISO_WITH_OFFSET);
    expect(data.endDate).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(String(data.endDate))).toBeGreaterThan(Date.parse(String(data.startDate)));
  });

  test("times carry the gym's offset for their own day, standard or daylight time", () => {
    const turkey = eventJsonLd(FREE_AT_THE_GYM, site, SITE_URL);
    expect(turkey).toMatchObject({ startDate: "2026-11-26T09:00:00-08:00", endDate: "2026-11-26T10:00:00-08:00" });
  });

  test("at the gym, the location is the gym's postal address from site.json", () => {
    expect(eventJsonLd(FREE_AT_THE_GYM, site, SITE_URL).location).toEqual({
      "@type": "Place",
      name: site.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.locality,
        addressRegion: site.address.region,
        postalCode: site.address.postalCode,
        addressCountry: site.address.country,
      },
    });
  });

  test("away from the gym, the place and its address as written, as a PostalAddress", () => {
    const away = { ...FREE_AT_THE_GYM, place: { name: "Graham Park", address: "1 Park Rd, Graham, WA 98338" } };
    expect(eventJsonLd(away, site, SITE_URL).location).toEqual({
      "@type": "Place",
      name: "Graham Park",
      address: { "@type": "PostalAddress", streetAddress: "1 Park Rd, Graham, WA 98338" },
    });
  });

  test("a free event is offered at 0.00 USD; a sign-up link on this site becomes absolute", () => {
    expect(eventJsonLd(FREE_AT_THE_GYM, site, SITE_URL).offers).toMatchObject({ price: "0.00", priceCurrency: "USD" });
    const paid = { ...FREE_AT_THE_GYM, price: 25, offerUrl: absoluteUrl("/contact/", SITE_URL) };
    expect(eventJsonLd(paid, site, SITE_URL).offers).toMatchObject({
      price: "25.00",
      url: `${SITE_URL}/contact/`,
    });
  });

  test("when staff set when sign-up opens, the offer is valid from then, on the gym's clock; otherwise no validFrom", () => {
    const later = { ...FREE_AT_THE_GYM, signUpOpensIso: zonedIso("2026-10-20 06:00", site.timeZone) };
    expect(eventJsonLd(later, site, SITE_URL).offers).toMatchObject({ validFrom: "2026-10-20T06:00:00-07:00" });
    expect(eventJsonLd(FREE_AT_THE_GYM, site, SITE_URL).offers).not.toHaveProperty("validFrom");
    expect(eventJsonLd({ ...later, passed: true }, site, SITE_URL)).not.toHaveProperty("offers");
  });

  test("a past event sells nothing: no offer, the rest of its facts kept", () => {
    const passed = eventJsonLd({ ...FREE_AT_THE_GYM, passed: true }, site, SITE_URL);
    expect(passed).not.toHaveProperty("offers");
    const upcoming = eventJsonLd(FREE_AT_THE_GYM, site, SITE_URL);
    expect(passed).toEqual(Object.fromEntries(Object.entries(upcoming).filter(([key]) => key !== "offers")));
  });

  test("without an end or an image, those properties are left out rather than empty", () => {
    const data = eventJsonLd({ ...FREE_AT_THE_GYM, endIso: null, imageUrl: null }, site, SITE_URL);
    expect(data).not.toHaveProperty("endDate");
    expect(data).not.toHaveProperty("image");
  });
});
