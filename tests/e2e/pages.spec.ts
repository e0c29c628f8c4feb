import { expect, test, type Page, type Route } from "@playwright/test";
import { BUDGETS, kb } from "../../scripts/budgets";
import { pathTo } from "../../src/routes";
import { axeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { gotoReady } from "./support/page";
import { urls } from "./support/site";
import { measureLoad, PHONE } from "./support/transfer";

/**
 * Every page, opened once in each state of the browser a check needs, with every check that needs a
 * browser: one test per page and state, so the workers share them. What the HTML alone holds (titles,
 * head tags, headings) is read in Node: tests/server/builtPages.spec.ts.
 *
 * - Fonts late: opened at 320 px with every web font held back until the page has been measured with
 *   the fallback faces, then let through, so the heading face swaps in under the reader. The layout at
 *   every width, before and after.
 * - Fonts as they come: a first visit in a fresh browser at 1280 px, then narrowed and widened. The
 *   layout at every width, axe (WCAG 2.2 AA) at 375 and 1280 px, sideways scrolling at widths between,
 *   the footer's policy link.
 * - A phone's first visit (Lighthouse's mobile screen, nothing cached): the JavaScript it loads, and its
 *   first paint before any of it.
 *
 * The layout check (support/layout.ts): no two pieces of text overlap, no text leaves its box, no
 * header link wraps, and nothing scrolls sideways.
 */
const LAYOUT_WIDTHS = [320, 375, 768, 1024, 1152, 1280, 1440];
const AXE_WIDTHS = [1280, 375];
/**
 * Sideways scrolling only, between the layout's widths: phones, and near the header's breakpoint (the
 * full bar once overflowed between 1024 and 1094 px).
 */
const SIDEWAYS_WIDTHS = [360, 414, 1100];
const FONT_FILE = /\.woff2$/;
const NOT_FOUND = "/no-such-page/";
/** The pages with a budget for everything they load on a first visit, beside every page's JavaScript. */
const TOTAL_BUDGETS: Record<string, number> = { "/": BUDGETS.homeTotal, "/portfolio/": BUDGETS.galleryTotal };

/** The layout check at each of the widths, each fault named with the width and the fonts' state. */
async function layoutFaults(page: Page, widths: number[], fonts: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const faults = await page.evaluate(findLayoutFaults);
    found.push(...faults.map((fault) => `${width}px, ${fonts}: ${fault.kind}: ${fault.detail}`));
  }
  return found;
}

const fontsLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return Array.from(document.fonts)
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family} ${face.weight}`);
  });

for (const path of [...urls.pages, NOT_FOUND]) {
  test.describe(path, () => {
    test("fonts late: the layout at every width, with the fallback faces and once the heading face swaps in", async ({ page }) => {
      // Every font request waits until the fallback layout has been measured.
      const held: Route[] = [];
      let released = false;
      await page.route(FONT_FILE, (route) => (released ? route.continue() : held.push(route)));
      await page.setViewportSize({ width: 320, height: 900 });
      // The load event waits for the fonts, so the page is measured once it has hydrated.
      const response = await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(response?.status(), "the page's status").toBe(path === NOT_FOUND ? 404 : 200);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(
        await page.evaluate(
          () => Array.from(document.fonts).filter((face) => !face.family.endsWith("Fallback") && face.status === "loaded").length,
        ),
        "no web font before release",
      ).toBe(0);
      const faults = await layoutFaults(page, LAYOUT_WIDTHS, "fonts held back");
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      // The heading face swaps in late; the text face (font-display: optional) stays on its fallback.
      expect(await fontsLoaded(page), "the heading face arrived late").toContain("Oswald 600");
      faults.push(...(await layoutFaults(page, LAYOUT_WIDTHS, "fonts late")));
      expect(faults, faults.join("\n")).toEqual([]);
    });

    test("fonts as they come: the layout at every width, axe at 375 and 1280 px, no sideways scroll, the footer's policy link", async ({
      page,
    }) => {
      // A guard against a hang: up to 56 s with the load average at 33 on the shared 2-core machine.
      test.setTimeout(120_000);
      // A first visit: the test's browser context is fresh, nothing held back or cached.
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoReady(page, path);
      expect(await fontsLoaded(page), "the web fonts arrived").toEqual(expect.arrayContaining(["Oswald 600", "Inter 400"]));
      await expect
        .soft(page.locator("footer").getByRole("link", { name: "Consumer Health Data Privacy Policy" }), "the footer's policy link")
        .toHaveAttribute("href", pathTo("healthData"));
      const violations: string[] = [];
      for (const width of AXE_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        violations.push(...(await axeViolations(page)).map((violation) => `${width}px: ${violation}`));
      }
      const faults = await layoutFaults(page, LAYOUT_WIDTHS, "fonts as they come");
      for (const width of SIDEWAYS_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) faults.push(`${width}px, fonts as they come: sideways scroll: the page is ${scrollWidth}px wide`);
      }
      expect.soft(faults, faults.join("\n")).toEqual([]);
      expect.soft(violations, `axe violations on ${path}`).toEqual([]);
    });

    test(`a phone's first visit: at most ${kb(BUDGETS.javascriptPerPage)} of JavaScript, none asked for before the first paint`, async ({
      browser,
    }) => {
      // Every response counted, as gzip where a host would compress it; nothing cached.
      const phone = await browser.newContext(PHONE);
      const page = await phone.newPage();
      const load = await measureLoad(page, path);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      await phone.close();
      expect.soft(load.javascript, `${load.javascript} bytes of JavaScript`).toBeLessThanOrEqual(BUDGETS.javascriptPerPage);
      const total = TOTAL_BUDGETS[path];
      if (total !== undefined) {
        const largest = JSON.stringify(load.byUrl.sort((a, b) => b.bytes - a.bytes).slice(0, 8));
        expect.soft(load.total, `everything loaded, budget ${kb(total)}: ${largest}`).toBeLessThanOrEqual(total);
      }
      // The scripts did load and run (measureLoad waited for React), and none was asked for before the first paint.
      expect.soft(paint, "a first contentful paint").not.toBeNull();
      expect.soft(scripts.length, "scripts loaded").toBeGreaterThan(0);
      expect.soft(Math.min(...scripts), "the first script requested after the first contentful paint").toBeGreaterThan(paint ?? Infinity);
    });
  });
}
