import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { BUDGETS, kb } from "../../scripts/budgets";
import { urls } from "./support/site";

/**
 * The performance budgets that need no Lighthouse run (`npm run bench` checks the rest; both read
 * scripts/budgets.ts) and can be read from the built files. What a phone's first visit to each page
 * loads, and that it paints before asking for any JavaScript, is measured where every page is opened
 * once: tests/e2e/pages.spec.ts.
 */
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
