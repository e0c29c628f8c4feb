import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { routes } from "../../src/routes";
import { announcementFiles, buildToday, eventFiles, publishedWodPaths, urls } from "./support/site";

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

  test("every old address still leads somewhere", async ({ request }) => {
    for (const url of urls.redirects) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
    }
  });
});

test("the XML sitemap lists exactly the public pages", async ({ request }) => {
  const index = await (await request.get("/sitemap-index.xml")).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  const listed: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname));
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
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
  expect(fs.existsSync("public/robots.txt")).toBe(true);
});
