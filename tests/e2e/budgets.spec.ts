import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { BUDGETS, kb } from "../../scripts/budgets";
import { measureLoad } from "./support/transfer";
import { urls } from "./support/site";

/**
 * The performance budgets that need no Lighthouse run (`npm run bench` checks the rest; both read
 * scripts/budgets.ts), measured as a phone sees the page: Lighthouse's mobile screen (412 x 823 at 1.75x).
 */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
test.use(PHONE);

test(`home page HTML is at most ${kb(BUDGETS.homeHtml)} gzip`, () => {
  const size = gzipSync(fs.readFileSync("public/index.html"), { level: 9 }).length;
  expect(size).toBeLessThanOrEqual(BUDGETS.homeHtml);
});

test("every page paints before its JavaScript is requested: no script tag, one loader that waits for the first contentful paint", () => {
  for (const page of [...urls.pages, "/404.html"]) {
    const file = page.endsWith(".html") ? `public${page}` : `public${page}index.html`;
    const html = fs.readFileSync(file, "utf8");
    expect(html, page).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html, page).toContain('id="gatsby-scripts-after-paint"');
  }
});

test("in the browser, the first contentful paint comes before any of the page's JavaScript is requested", async ({ browser }) => {
  for (const path of ["/", "/contact/", "/portfolio/"]) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" }); // the scripts did load and run
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    await context.close();
    expect(paint, path).not.toBeNull();
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(Math.min(...scripts), path).toBeGreaterThan(paint ?? Infinity);
  }
});

test(`no page loads more than ${kb(BUDGETS.javascriptPerPage)} of JavaScript (gzip)`, async ({ browser }) => {
  // A first visit to each page in turn took 1.3 minutes on a slow 2-core machine: the limit guards a hang.
  test.setTimeout(300_000);
  for (const path of urls.pages) {
    // A fresh browser each time: a first visit to that page, nothing cached.
    const context = await browser.newContext(PHONE);
    const load = await measureLoad(await context.newPage(), path);
    await context.close();
    expect(load.javascript, `${path}: ${load.javascript} bytes`).toBeLessThanOrEqual(BUDGETS.javascriptPerPage);
  }
});

test(`home page: at most ${kb(BUDGETS.homeTotal)} in all on first load`, async ({ page }) => {
  const load = await measureLoad(page, "/");
  expect(load.total, JSON.stringify(load.byUrl.sort((a, b) => b.bytes - a.bytes).slice(0, 8))).toBeLessThanOrEqual(BUDGETS.homeTotal);
});

test(`gallery: at most ${kb(BUDGETS.galleryTotal)} in all on first load`, async ({ page }) => {
  const load = await measureLoad(page, "/portfolio/");
  expect(load.total, JSON.stringify(load.byUrl.sort((a, b) => b.bytes - a.bytes).slice(0, 8))).toBeLessThanOrEqual(BUDGETS.galleryTotal);
});
