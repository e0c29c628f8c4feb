import { expect, test } from "@playwright/test";
import { BUDGETS } from "../../scripts/budgets";
import { axeViolations, expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

/**
 * Axe in the states a visitor opens, the keyboard, and layout shift while a page loads. Every page is
 * checked with axe at 375 and 1280 px, and for sideways scrolling, where every page is opened once:
 * tests/e2e/pages.spec.ts.
 */
test("the axe check finds what it is for: an image without a text alternative, grey on grey, a nameless button", async ({ page }) => {
  await gotoReady(page, "/");
  await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    main.insertAdjacentHTML(
      "afterbegin",
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="32" height="32"><p style="color:#aaa;background:#bbb">Class is full</p><button></button>',
    );
  });
  const found = (await axeViolations(page)).map((violation) => violation.split(" ")[0]);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "color-contrast", "button-name"]));
});

test.describe("interactive states pass axe too", () => {
  test("the mobile menu, open", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoReady(page, "/");
    await page.locator("header summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Membership" }).click();
    await expectNoAxeViolations(page, "the open mobile menu");
  });

  test("the membership dropdown, open", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Membership" }).click();
    await expectNoAxeViolations(page, "the open membership dropdown");
  });

  test("the gallery lightbox, open", async ({ page }) => {
    await gotoReady(page, "/portfolio/");
    await page.locator("main a[aria-haspopup=dialog]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "the open lightbox");
  });

  test("a filtered schedule", async ({ page }) => {
    await gotoReady(page, "/schedule/?program=kids");
    await expectNoAxeViolations(page, "the filtered schedule");
  });
});

test.describe("keyboard", () => {
  test("Tab walks the header in visual order with a visible focus ring; the skip link leads to the content", async ({ page }) => {
    await gotoReady(page, "/");
    const order: string[] = [];
    for (let i = 0; i < 13; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
          outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
        };
      });
      expect(focused.outline, `focus ring on ${focused.name}`).not.toBe("none");
      expect(focused.width, `focus ring on ${focused.name}`).toBeGreaterThanOrEqual(2);
      order.push(focused.name);
    }
    expect(order).toEqual([
      "Skip to main content",
      "CrossFit Graham",
      "Home",
      "WOD",
      "About",
      "Rates",
      "Coaches",
      "Membership",
      "News",
      "Events",
      "Schedule",
      "Contact",
      "Free intro",
    ]);
    for (let i = 0; i < 12; i++) await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  test("the mobile menu works by keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoReady(page, "/");
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // logo
    await page.keyboard.press("Tab"); // menu button
    const menu = page.locator("header summary", { hasText: "Menu" });
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      seen.push(await page.evaluate(() => (document.activeElement?.textContent ?? "").trim()));
    }
    expect(seen).toEqual([
      "Home",
      "WOD",
      "About",
      "Rates",
      "Coaches",
      "Membership",
      "News",
      "Events",
      "Schedule",
      "Contact",
      "Free intro",
      "CrossFit Graham",
    ]);
    // Shift+Tab wraps back from the logo to Free intro, Contact, then Schedule; follow it.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/schedule\/$/);
  });
});

test.describe("layout", () => {
  // Measured as a visitor sees it: the web fonts as they come, and the slow first visit where they
  // arrive only after the page has painted and React has taken over (the display face then swaps
  // in; the text face stays out).
  const cases = [
    { width: 375, fontsLate: false },
    { width: 375, fontsLate: true },
    { width: 1280, fontsLate: true },
  ];
  for (const path of ["/", "/portfolio/", "/schedule/"]) {
    for (const { width, fontsLate } of cases) {
      test(`${path} does not shift while it loads (CLS 0) at ${width}px, fonts ${fontsLate ? "after the first paint" : "as they come"}`, async ({
        page,
      }) => {
        let fontsServed = 0;
        // Late fonts are held until the test lets them go, at a moment it has seen, not after a guess.
        let releaseFonts: () => void = () => undefined;
        const fontsReleased = fontsLate ? new Promise<void>((resolve) => (releaseFonts = resolve)) : Promise.resolve();
        await page.route(/\.woff2$/, async (route) => {
          await fontsReleased;
          fontsServed++;
          await route.continue();
        });
        await page.addInitScript(() => {
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> };
          const w = window as unknown as { __cls: number; __shifts: string[]; __takeShifts: () => void };
          w.__cls = 0;
          w.__shifts = [];
          const add = (entries: PerformanceEntryList) => {
            for (const entry of entries as Shift[]) {
              if (entry.hadRecentInput) continue;
              w.__cls += entry.value;
              w.__shifts.push(...entry.sources.map((source) => `${source.node?.nodeName} "${source.node?.textContent?.slice(0, 40)}"`));
            }
          };
          const observer = new PerformanceObserver((list) => add(list.getEntries()));
          observer.observe({ type: "layout-shift", buffered: true });
          // Shifts already measured but not yet handed to the callback, so none is missed at the end.
          w.__takeShifts = () => add(observer.takeRecords());
        });
        await page.setViewportSize({ width, height: 800 });
        // The fallback faces are metric-matched to local fonts; without them the test measures nothing real.
        const localFonts = await page.evaluate(async () => {
          const loads = [
            'local("Liberation Sans Narrow Bold"), local("Arial Narrow Bold")',
            'local("Liberation Sans"), local("Arial")',
          ].map((src) =>
            new FontFace("probe", src).load().then(
              () => true,
              () => false,
            ),
          );
          return Promise.all(loads);
        });
        expect(localFonts, "Arial (Narrow) or Liberation Sans (Narrow) is installed (Debian: fonts-liberation)").toEqual([true, true]);
        // Not "networkidle" yet: held fonts keep the network busy until they are let go.
        await page.goto(path, { waitUntil: "domcontentloaded" });
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
        releaseFonts();
        await page.waitForLoadState("networkidle");
        expect(fontsServed, "the preloaded fonts were requested").toBeGreaterThanOrEqual(3);
        await page.evaluate(() => document.fonts.ready);
        // Two animation frames: a frame has been drawn with the fonts as they now are, so any shift
        // their arrival causes has been measured.
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        const { cls, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: string[]; __takeShifts: () => void };
          w.__takeShifts();
          return { cls: w.__cls, shifts: w.__shifts };
        });
        expect(cls, `moved: ${shifts.join(", ")}`).toBeLessThanOrEqual(BUDGETS.cls);
      });
    }
  }
});
