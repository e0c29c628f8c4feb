import { chromium, expect, test, type Page } from "@playwright/test";
import { findChromiumSync, TEST_BROWSER_ARGS } from "../../scripts/browser.mjs";
import { COMPILE_HINT } from "../../src/node/compileHint";
import { gotoReady } from "./support/page";

/** Marks the current document; a full page load replaces it, a client-side route change keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe("new build detection", () => {
  test("without a new build, navigation stays client-side", async ({ page }) => {
    await gotoReady(page, "/");
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
    await page.waitForURL(/\/rates\/$/);
    await expect(page.locator("h1")).toHaveText("Rates");
    expect(await sameDocument(page)).toBe(true);
  });

  test("after a deploy, the next navigation is a full load at the target", async ({ page }) => {
    await gotoReady(page, "/");
    // The server now reports another build.
    await page.route("**/page-data/app-data.json*", async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, webpackCompilationHash: "new-build-hash" } });
    });
    const check = page.waitForRequest((request) => request.url().includes("/page-data/app-data.json?t="));
    // Coming back to the tab triggers the check (it also runs every five minutes).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await check;
    await markDocument(page);
    const documentLoad = page.waitForRequest((request) => request.resourceType() === "document" && request.url().endsWith("/schedule/"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule", exact: true }).click();
    await documentLoad;
    await page.waitForURL(/\/schedule\/$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await sameDocument(page)).toBe(false);
  });

  test("a failed check is logged and ignored", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await gotoReady(page, "/");
    await page.route("**/page-data/app-data.json*", (route) => route.abort("internetdisconnected"));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => warnings.some((text) => text.includes("Could not check for a new version"))).toBe(true);
    await markDocument(page);
    await page.unroute("**/page-data/app-data.json*");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
    await page.waitForURL(/\/rates\/$/);
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("a route whose code fails to load", () => {
  test("reloads once at the target, then shows the page's static content without looping", async ({ page }) => {
    await gotoReady(page, "/");
    const documentLoads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documentLoads.push(new URL(request.url()).pathname);
    });
    // The reload guard (src/runtime/recovery.ts) says when it declines a second reload: after that
    // moment no further reload can come, so the test waits for it rather than for a while.
    const declined = page.waitForEvent("console", {
      predicate: (message) =>
        message.type() === "warning" &&
        /^(Not reloading \/about\/ again so soon|Resources for \/about\/ failed again)/.test(message.text()),
    });
    // The About page's code chunk is unavailable (say, a deploy removed it mid-visit).
    await page.route(/component---src-templates-about-tsx-[^/]*\.js$/, (route) => route.abort("failed"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(/\/about\/$/);
    await expect(page.locator("h1")).toHaveText("About Us");
    await declined;
    expect(documentLoads).toEqual(["/about/"]);
    await expect(page.getByText("Meet the coaches and the community")).toBeVisible();
  });
});

test("the scripts every page starts with, and only those, open with V8's compile hint", async ({ page }) => {
  const firstLines = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    firstLines.set(
      new URL(response.url()).pathname,
      response.text().then((text) => text.split("\n")[0] ?? ""),
    );
  });
  await gotoReady(page, "/about/");
  const hinted: string[] = [];
  const others: string[] = [];
  for (const [script, line] of firstLines) ((await line) === COMPILE_HINT ? hinted : others).push(script.replace(/-[0-9a-f]{20}\.js$/, ""));
  expect(hinted.sort()).toEqual(["/app", "/framework", "/webpack-runtime"]);
  // The page's own chunk and the chunks it shares with other pages load too, without the hint.
  expect(others).toContain("/component---src-templates-about-tsx");
});

test("the tab icon is the PNG, not an SVG Chromium would build a document for", async ({ baseURL }) => {
  // On a page load desktop Chromium fetches only the tab icon; the manifest's icons (the SVG among them)
  // are fetched to install the site. The full browser, not the headless shell the other tests use: the
  // shell has no tabs and fetches no tab icon.
  const full = findChromiumSync(process.env, chromium.executablePath());
  expect(full, "a full Chromium (Debian's chromium package)").toBeDefined();
  const browser = await chromium.launch({ executablePath: full?.path, args: TEST_BROWSER_ARGS });
  try {
    const page = await browser.newPage({ baseURL });
    const icon = page.context().waitForEvent("request", {
      predicate: (request) => new URL(request.url()).pathname.startsWith("/favicon"),
      timeout: 10_000,
    });
    await page.goto("/about/");
    expect(await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/favicon-32.png",
    ]);
    expect(new URL((await icon).url()).pathname).toBe("/favicon-32.png");
  } finally {
    await browser.close();
  }
});
