import { expect, test } from "@playwright/test";
import { gotoReady } from "./support/page";
import { findLayoutFaults } from "./support/layout";

/**
 * The layout check itself, and the footer it must see through. Every page's layout, at every width and
 * font state, is checked where every page is opened once: tests/e2e/pages.spec.ts.
 */

/**
 * One of each fault the check reports, and text it must leave alone: hidden in each way it knows, laid
 * over by the phone's intro bar, or set tighter than its glyphs. Each of those covers another text.
 */
const FAULTS_AND_LOOKALIKES = `<!doctype html>
<html lang="en">
  <head>
    <style>
      body { margin: 0; font: 16px/20px sans-serif; }
      p, div, h2 { margin: 0; }
      .at { position: absolute; left: 0; }
    </style>
  </head>
  <body>
    <header data-site-header>
      <nav>
        <a href="#" style="display: inline-block; width: 48px">Free intro</a>
        <a href="#">Home</a>
        <a href="#" style="display: inline-block; width: 48px; visibility: hidden">Hidden link</a>
      </nav>
    </header>
    <main>
      <p class="at" style="top: 100px">First line of text</p>
      <p class="at" style="top: 106px; left: 20px">Second line over it</p>

      <div class="at" style="top: 200px; width: 60px"><span style="white-space: nowrap">Too long for its box</span></div>
      <div class="at" style="top: 240px; width: 60px; overflow: hidden"><b style="white-space: nowrap">Cut off by its box</b></div>

      <p class="at" style="top: 300px">Text under things that may cover it</p>
      <p class="at" style="top: 302px; opacity: 0">Transparent text</p>
      <p class="at" style="top: 302px; visibility: hidden">Invisible text</p>
      <p class="at" style="top: 302px; clip: rect(0 0 0 0)">Text for screen readers</p>
      <div class="at" style="top: 302px; clip-path: inset(50%)"><span>Clipped to nothing</span></div>
      <div class="at" style="top: 302px; height: 0; overflow: hidden"><span>Folded into no height</span></div>
      <details class="at" style="top: 280px"><summary>A summary</summary><p style="position: relative; top: 20px">Folded details</p></details>
      <div class="at" data-intro-bar style="top: 302px"><span>The intro bar</span></div>

      <h2 class="at" style="top: 400px; font-size: 16px; line-height: 15px">A display<br />heading set tight</h2>

      <div class="at" style="top: 500px; width: 900px">A line wider than the window</div>
    </main>
  </body>
</html>`;

test("the layout check reports each kind of fault, and no text hidden, laid over or set tight on purpose", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 700 });
  await page.setContent(FAULTS_AND_LOOKALIKES);
  expect(await page.evaluate(findLayoutFaults)).toEqual([
    { kind: "overflow", detail: expect.stringMatching(/^"Too long for its box" \(span\) is \d+px wider than its box$/) },
    { kind: "overflow", detail: expect.stringMatching(/^"Cut off by its box" \(b\) is \d+px wider than its box$/) },
    {
      kind: "overlap",
      detail: expect.stringMatching(/^"First line of text" \(p\.at\) overlaps "Second line over it" \(p\.at\) by \d+x\d+px$/),
    },
    { kind: "wrapped header link", detail: '"Free intro" (nav) is on more than one line' },
    { kind: "sideways scroll", detail: "the page is 900px wide in a 400px window" },
  ]);
});

test("the footer is not drawn until the visitor nears it, then drawn in full", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await gotoReady(page, "/about/");
  const link = page.locator("footer a").first();
  const drawn = () => link.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn(), "below the first screen, the footer's content is skipped").toBe(false);
  await page.locator("footer").scrollIntoViewIfNeeded();
  await expect.poll(drawn).toBe(true);
  await expect(link).toBeVisible();
});

test("while the footer is skipped, its stand-in is as tall as the footer drawn, at one, two and three columns", async ({ browser }) => {
  // 320 px sets the one-column footer tallest; 576 and 1024 px make two and three columns. The home
  // page is long enough at every width for the footer to start skipped (Chromium draws it once it is
  // within about one and a half screens).
  for (const width of [320, 576, 1024]) {
    const context = await browser.newContext({ viewport: { width, height: 700 } });
    const page = await context.newPage();
    await gotoReady(page, "/");
    const footer = page.locator("footer");
    const drawn = () =>
      footer
        .locator("a")
        .first()
        .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn(), `${width}px: skipped on load`).toBe(false);
    const standIn = await footer.evaluate((element) => element.getBoundingClientRect().height);
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    const height = await footer.evaluate((element) => element.getBoundingClientRect().height);
    expect(standIn, `${width}px: a stand-in of ${standIn}px for a footer of ${height}px`).toBeGreaterThanOrEqual(height);
    await context.close();
  }
});

test("the layout check sees what the footer's skipping would hide: a line wider than the window", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await gotoReady(page, "/about/");
  await page.evaluate(() => {
    const line = document.createElement("p");
    line.textContent = "A line set far wider than any phone";
    line.style.cssText = "width: 900px; white-space: nowrap";
    document.querySelector("footer")?.append(line);
  });
  const faults = await page.evaluate(findLayoutFaults);
  expect(faults.map((fault) => fault.kind)).toContain("sideways scroll");
});

test("Tab from the page's last link reaches the skipped footer and shows its first link", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await gotoReady(page, "/about/");
  const first = page.locator("footer a").first();
  expect(await first.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true })), "skipped on load").toBe(false);
  await page.locator("main a").last().focus();
  // The phone's intro bar, fixed to the screen, comes between the page and its footer in the tab order.
  for (let step = 0; step < 5 && !(await first.evaluate((element) => element === document.activeElement)); step++) {
    await page.keyboard.press("Tab");
  }
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  expect(await first.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
});
