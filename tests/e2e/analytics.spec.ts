import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { scratchBuild, timeoutForBuilds } from "../support/scratchBuild";
import { startProductionServer, type RunningServer } from "../support/servers";

/**
 * Analytics and tag manager, in a scratch build of a small fixture site with both ids set. No request
 * ever leaves this machine: Google's hosts are intercepted, and each attempt is counted.
 */
const GA = "G-TEST1234";
const GTM = "GTM-TEST123";
const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

let server: RunningServer;
let buildDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(timeoutForBuilds(1));
  const build = scratchBuild("analytics-build", path.resolve("tests/fixtures/small-content"), {
    GATSBY_GA_MEASUREMENT_ID: GA,
    GATSBY_GTM_ID: GTM,
  });
  expect(build.status, build.output).toBe(0);
  buildDir = build.dir;
  server = await startProductionServer({ cwd: build.dir });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Counts attempts to reach Google and answers each with a failure (nothing leaves the machine). */
async function blockGoogle(page: Page): Promise<string[]> {
  const attempts: string[] = [];
  await page.route(GOOGLE, (route) => {
    attempts.push(route.request().url());
    return route.abort("blockedbyclient");
  });
  return attempts;
}

/**
 * Proves a page decided against analytics, by what it did rather than by waiting. The decision is made
 * once, while the head is read: the consent script sets window.__analyticsOff, and only when it is
 * false do the tags insert Google's scripts, whose requests hold up the load event. So after "load",
 * with the flag set and neither gtag nor a data layer defined, every request analytics could make has
 * been made (or not): later route changes only call gtag or the data layer, which do not exist.
 */
async function expectAnalyticsOff(page: Page) {
  await page.waitForLoadState("load");
  const state = await page.evaluate(() => {
    const win = window as unknown as { __analyticsOff?: boolean; gtag?: unknown; google_tag_manager?: unknown };
    return { off: win.__analyticsOff, gtag: typeof win.gtag, gtm: typeof win.google_tag_manager };
  });
  expect(state).toEqual({ off: true, gtag: "undefined", gtm: "undefined" });
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("a build with both ids has both tags, loaded only after the privacy check", () => {
  const html = fs.readFileSync(path.join(buildDir, "public/index.html"), "utf8");
  expect(html).toContain(`gtag('config', '${GA}', {"anonymize_ip":true,"send_page_view":false})`);
  expect(html).toContain(`'GTM-TEST123'`);
  expect(html).toContain("window.__analyticsOff=navigator.globalPrivacyControl===true");
  // No tag that would load Google's code before the check, and no script-less GTM iframe.
  expect(html).not.toMatch(/<script[^>]+src="https:\/\/www\.googletagmanager\.com/);
  expect(html).not.toMatch(/<link[^>]+googletagmanager/);
  expect(html).not.toContain("ns.html?id=");
});

test("the site's own build, with no ids set, has no third-party script at all", () => {
  const files = htmlFiles("public");
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) expect(fs.readFileSync(file, "utf8"), file).not.toContain("googletagmanager");
});

test("each page view is counted once, on load and on every client-side navigation", async ({ page }) => {
  const attempts = await blockGoogle(page);
  await page.goto(`${server.url}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
  await page.waitForURL(/\/rates\/$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
  await page.waitForURL(/\/about\/$/);
  const pageViews = async () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[0] === "event" && args[1] === "page_view")
        .map((args) => (args[2] as { page_path: string }).page_path),
    );
  await expect.poll(pageViews).toEqual(["/", "/rates/", "/about/"]);
  // The libraries were requested (and blocked here), once each.
  expect(attempts.filter((url) => url.includes("/gtag/js?id=G-TEST1234"))).toHaveLength(1);
  expect(attempts.filter((url) => url.includes("/gtm.js?id=GTM-TEST123"))).toHaveLength(1);
});

test("with Global Privacy Control, no analytics request is made", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const attempts = await blockGoogle(page);
  // The page's clock, so the tag manager plugin's delayed route-change push is run, not waited for.
  await page.clock.install();
  await page.goto(`${server.url}/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectAnalyticsOff(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
  await page.waitForURL(/\/rates\/$/);
  // The new page has rendered (its title is set then), so the route change that would count a page view has run.
  await expect(page).toHaveTitle(/^Rates/);
  await page.clock.runFor(1000);
  await expectAnalyticsOff(page);
  expect(attempts).toEqual([]);
  expect(errors, "no script error after a route change").toEqual([]);
  await context.close();
});

test("with Do Not Track, no analytics request is made either", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }));
  const page = await context.newPage();
  const attempts = await blockGoogle(page);
  await page.goto(`${server.url}/about/`);
  await expectAnalyticsOff(page);
  expect(attempts).toEqual([]);
  await context.close();
});

test("with the analytics host unreachable the site works fully, and a lead is still recorded for analytics", async ({ page }) => {
  const failedToLoad = page.waitForEvent("console", {
    predicate: (message) => message.type() === "warning" && message.text().includes("Analytics did not load"),
  });
  await blockGoogle(page);
  // The form's minimum fill time passes on the page's clock instead of being waited out.
  await page.clock.install();
  await page.goto(`${server.url}/contact/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel(/^Your name/).fill("Analytics Andy");
  await page.getByLabel(/^Email/).fill("andy@example.com");
  await page.getByLabel(/^What is your message about/).selectOption("membership");
  await page.getByLabel(/^Message/).fill("Does the site still work without Google?");
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  await failedToLoad;
  const leads = await page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === "event" && args[1] === "generate_lead"),
  );
  expect(leads).toEqual([["event", "generate_lead", { form_name: "contact" }]]);
});

test("health information typed into the sign-up never reaches analytics", async ({ page }) => {
  const attempts = await blockGoogle(page);
  await page.clock.install();
  await page.goto(`${server.url}/membership/signup/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const health = "Asthma, carries an inhaler";
  await page.getByLabel(/^Plan/).selectOption({ index: 1 });
  await page.getByLabel(/^Start date/).fill((await page.getByLabel(/^Start date/).getAttribute("min")) ?? "");
  await page.getByLabel(/^Member's first name/).fill("Casey");
  await page.getByLabel(/^Member's last name/).fill("Moss");
  await page.getByLabel(/^Member's date of birth/).fill("1985-06-07");
  await page.getByLabel(/^Email/).fill("casey@example.com");
  await page.getByLabel(/^Phone/).fill("253-555-0180");
  await page.getByLabel(/^Emergency contact's name/).fill("Drew Moss");
  await page.getByLabel(/^Emergency contact's phone/).fill("253-555-0181");
  await page.getByRole("checkbox", { name: /^I want to tell the coaches/ }).check();
  await page.getByLabel(/^Injuries or health conditions/).fill(health);
  await page.getByLabel(/^I have read the waiver/).check();
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  const entries = await page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
  expect(entries).toContainEqual(["event", "generate_lead", { form_name: "signup" }]);
  expect(JSON.stringify(entries)).not.toContain("Asthma");
  expect(attempts.length).toBeGreaterThan(0);
  expect(attempts.join("\n")).not.toMatch(/asthma/i);
});
