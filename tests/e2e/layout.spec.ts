import { expect, test, type Page, type Route } from "@playwright/test";
import { gotoReady } from "./support/page";
import { findLayoutFaults } from "./support/layout";
import { urls } from "./support/site";

/**
 * Every page at the widths visitors use, from a small phone to a wide desktop: no two pieces of text
 * overlap, no text leaves its box, no header link wraps, and nothing scrolls sideways. Checked once with
 * the fonts as they come and once with them late (held back until the page has been measured with the
 * fallback faces, then let through, so the heading face swaps in under the reader).
 */
const WIDTHS = [320, 375, 768, 1024, 1152, 1280, 1440];
const FONT_FILE = /\.woff2$/;

async function faultsAtEveryWidth(page: Page, fonts: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
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

for (const path of [...urls.pages, "/no-such-page/"]) {
  test(`no overlap, clipping, wrapped header link or sideways scroll on ${path}`, async ({ page, browser }) => {
    // Fonts late: every font request waits until the fallback layout has been measured.
    const held: Route[] = [];
    let released = false;
    await page.route(FONT_FILE, (route) => (released ? route.continue() : held.push(route)));
    // The load event waits for the fonts, so the page is measured once it has hydrated.
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(
      await page.evaluate(
        () => Array.from(document.fonts).filter((face) => !face.family.endsWith("Fallback") && face.status === "loaded").length,
      ),
      "no web font before release",
    ).toBe(0);
    const faults = await faultsAtEveryWidth(page, "fonts held back");
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    // The heading face swaps in late; the text face (font-display: optional) stays on its fallback.
    expect(await fontsLoaded(page), "the heading face arrived late").toContain("Oswald 600");
    faults.push(...(await faultsAtEveryWidth(page, "fonts late")));

    // Fonts as they come: a first visit in a fresh browser context, nothing held back or cached.
    const fresh = await browser.newContext();
    const firstVisit = await fresh.newPage();
    await gotoReady(firstVisit, path);
    expect(await fontsLoaded(firstVisit), "the web fonts arrived").toEqual(expect.arrayContaining(["Oswald 600", "Inter 400"]));
    faults.push(...(await faultsAtEveryWidth(firstVisit, "fonts as they come")));
    await fresh.close();

    expect(faults, faults.join("\n")).toEqual([]);
  });
}

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
