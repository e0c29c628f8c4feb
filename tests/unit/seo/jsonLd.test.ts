import fs from "node:fs";
import { siteSchema } from "../../../src/content/schemas";
import { gymJsonLd, jsonLdScript } from "../../../src/seo/jsonLd";

const site = siteSchema.parse(JSON.parse(fs.readFileSync("content/site.json", "utf8")));

describe("ExerciseGym JSON-LD", () => {
  const data = gymJsonLd(site, "https://gym.example", "https://gym.example/og-default.jpg");

  test("identifies the gym in Graham, WA", () => {
    expect(data["@type"]).toBe("ExerciseGym");
    expect(data.name).toBe(site.name);
    expect(data.url).toBe("https://gym.example/");
    expect(data.telephone).toBe(site.phone);
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: "Graham",
      addressRegion: "WA",
      postalCode: "98338",
      addressCountry: "US",
    });
  });

  test("the gym's position in Graham, as the content holds it, is published", () => {
    // The site's specification asks for the gym's coordinates in its structured data.
    expect(data.geo).toEqual({ "@type": "GeoCoordinates", latitude: "47.0531", longitude: "-122.2946" });
  });

  test("the map position as staff pasted it, with every decimal; none without one", () => {
    const placed = gymJsonLd({ ...site, mapPosition: " 47.05310,-122.294612 " }, "https://gym.example", "https://gym.example/og.jpg");
    // As text: the number 47.05310 would print as 47.0531, one decimal short of Google's recommended five.
    expect(JSON.parse(jsonLdScript(placed)).geo).toEqual({ "@type": "GeoCoordinates", latitude: "47.05310", longitude: "-122.294612" });
    for (const mapPosition of [undefined, null, "", "  "])
      expect(gymJsonLd({ ...site, mapPosition }, "https://gym.example", "https://gym.example/og.jpg")).not.toHaveProperty("geo");
  });

  test("opening hours: Monday to Friday 05:00-19:00, Saturday 09:00-11:00, closed Sunday", () => {
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "05:00",
        closes: "19:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "11:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "00:00", closes: "00:00" },
    ]);
  });

  test("payment and price range", () => {
    expect(data.paymentAccepted).toBe("Credit Card, Debit Card");
    expect(data.priceRange).toBe("$$");
  });

  test("adds rates as offers when given", () => {
    const withOffers = gymJsonLd(site, "https://gym.example", "https://gym.example/og.jpg", [
      { name: "Unlimited", price: 165, period: "month", description: "All classes" },
    ]);
    expect(withOffers.makesOffer).toEqual([
      expect.objectContaining({ "@type": "Offer", name: "Unlimited", price: "165.00", priceCurrency: "USD" }),
    ]);
    expect("makesOffer" in data).toBe(false);
  });

  test("is safe to inline in a script element", () => {
    expect(jsonLdScript({ text: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
