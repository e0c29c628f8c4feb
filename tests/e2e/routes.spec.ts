import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { redirectLocation, redirects } from "../../src/redirects";
import { routes } from "../../src/routes";
import { announcementFiles, buildToday, eventFiles, origin, publishedWodPaths, urls } from "./support/site";

// Each route's and each announcement's title, description, h1 and language are read from the built HTML:
// tests/server/builtPages.spec.ts.
test.describe("URLs that must keep existing (tests/fixtures/urls.json)", () => {
  test("every route of the route table is listed in the fixture", () => {
    for (const route of routes) expect(urls.pages).toContain(route.path);
  });

  test("every listed page and file answers 200", async ({ request }) => {
    for (const url of [...urls.pages, ...urls.files]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
    }
  });

  test("every old address is a permanent redirect to its page, which answers 200", async ({ request }) => {
    for (const url of urls.redirects) {
      const redirect = redirects.find((entry) => entry.from === url);
      expect(redirect, `${url} is in src/redirects.ts`).toBeDefined();
      for (const asked of [url, `${url}/`]) {
        const response = await request.get(asked, { maxRedirects: 0 });
        expect(response.status(), asked).toBe(301);
        const location = response.headers().location ?? "";
        expect(location, asked).toBe(redirectLocation(redirect!.to, ""));
        expect((await request.get(location, { maxRedirects: 0 })).status(), location).toBe(200);
      }
    }
  });
});

test("the XML sitemap lists exactly the public pages, at the site's own origin", async ({ request }) => {
  /** The addresses in a sitemap file, each checked to be on the site's origin; their paths. */
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
      const url = new URL(m[1] as string);
      expect(url.origin, url.href).toBe(origin);
      return url.pathname;
    });
  const sitemaps = locs(await (await request.get("/sitemap-index.xml")).text());
  expect(sitemaps.length).toBeGreaterThan(0);
  const listed: string[] = [];
  for (const sitemap of sitemaps) {
    const response = await request.get(sitemap);
    expect(response.status(), sitemap).toBe(200);
    listed.push(...locs(await response.text()));
  }
  const expected = [
    ...routes.map((r) => r.path),
    ...announcementFiles().map((a) => `/announcements/${a.slug}/`),
    ...eventFiles().map((e) => `/events/${e.slug}/`),
    ...publishedWodPaths(buildToday()),
  ];
  expect([...listed].sort()).toEqual([...expected].sort());
});

test("robots.txt allows crawling and points at the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).toMatch(/^Allow: \/$/m);
  // The sitemap on the site's own origin (SITE_URL or site.json), the one its pages name as canonical.
  expect(robots.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${origin}/sitemap-index.xml`]);
  expect(fs.existsSync("public/robots.txt")).toBe(true);
});
