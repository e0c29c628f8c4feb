import { expect, test } from "@playwright/test";
import { parseMapPosition } from "../../src/content/mapPosition";
import { origin, site } from "./support/site";

// Each route's canonical, robots, description and keywords are read from the built HTML: tests/server/builtPages.spec.ts.
test.describe("head tags", () => {
  test("a page served at its slash-less address moves to the canonical one", async ({ page }) => {
    // gatsby serve redirects /about itself; a host that serves the file at /about directly relies on the
    // browser instead. (The noindex rule for slash-less addresses is unit-tested with the Seo component.)
    await page.route("**/about", (route) => route.fulfill({ path: "public/about/index.html", contentType: "text/html" }));
    await page.goto("/about");
    await page.waitForURL((url) => url.pathname === "/about/");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/about/`);
  });

  test("Open Graph and Twitter tags with a 1200x630 social image served by the site", async ({ page, request }) => {
    await page.goto("/rates/");
    const image = `${origin}/og-default.jpg`;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", image);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Rates | ${site.name}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/rates/`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const served = await request.get("/og-default.jpg");
    expect(served.status()).toBe(200);
    const size = await page.evaluate(async () => {
      const img = new Image();
      img.src = "/og-default.jpg";
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([1200, 630]);
  });
});

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

test.describe("structured data", () => {
  for (const path of ["/", "/contact/"]) {
    test(`${path} describes the gym as an ExerciseGym`, async ({ page }) => {
      await page.goto(path);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(scripts).toHaveLength(1);
      const data = JSON.parse(scripts[0] as string);
      expect(data["@type"]).toBe("ExerciseGym");
      expect(data.name).toBe(site.name);
      expect(data.url).toBe(`${origin}/`);
      expect(data.telephone).toBe(site.phone);
      // Read from content/site.json, the content the build used, so the staff editing the hours or the
      // address in the editor does not turn this test red.
      expect(data.address).toEqual({
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.locality,
        addressRegion: site.address.region,
        postalCode: site.address.postalCode,
        addressCountry: site.address.country,
      });
      // The map position only where staff gave one, with its numbers as written (tests/unit/seo/jsonLd.test.ts).
      const position = site.mapPosition ? parseMapPosition(site.mapPosition) : null;
      expect(data.geo).toEqual(position ? { "@type": "GeoCoordinates", ...position } : undefined);
      // Each day of the week in exactly one entry: its hours from site.json, or closed all day (00:00 to 00:00).
      const specs = data.openingHoursSpecification as Array<{ dayOfWeek: string[]; opens: string; closes: string }>;
      for (const day of WEEK) {
        const entries = specs.filter((spec) => spec.dayOfWeek.includes(day));
        expect(entries, day).toHaveLength(1);
        const hours = site.hours.find((open) => open.days.includes(day));
        expect({ opens: entries[0]!.opens, closes: entries[0]!.closes }, day).toEqual(
          hours ? { opens: hours.opens, closes: hours.closes } : { opens: "00:00", closes: "00:00" },
        );
      }
      expect(data.paymentAccepted).toBe(site.payment.join(", "));
      expect(data.priceRange).toBe(site.priceRange);
    });
  }

  test("other pages carry no gym JSON-LD", async ({ page }) => {
    await page.goto("/rates/");
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });
});
