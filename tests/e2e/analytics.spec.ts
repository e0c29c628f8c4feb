import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { analyticsAllowed } from "../../src/analyticsScope";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { PagePolicies } from "../../src/headers";
import { PRIVACY_CONFIRM_PATH } from "../../src/forms/privacyConfirmPath";
import { INTRO_CANCEL_PATH } from "../../src/intro/cancelPath";
import { htmlFiles, pagePath } from "../../src/node/csp";
import { staffPaths } from "../../src/desk/paths";
import { timeoutForBuilds } from "../support/scratchBuild";
import { startProductionServer, type RunningServer } from "../support/servers";
import { ANALYTICS_IDS, SMALL_SITE_BUILDS, smallSite } from "../support/smallSite";

/**
 * Analytics and tag manager, in the scratch build of a small fixture site with both ids set that
 * rebuild.spec.ts shares (tests/support/smallSite.ts). No request
 * ever leaves this machine: Google's hosts are intercepted, and each attempt is counted. The same build's
 * pages and header files are also read from Node: the pages that never carry analytics, and the
 * editor's policy as a build writes it.
 */
const GA = ANALYTICS_IDS.GATSBY_GA_MEASUREMENT_ID;
const GTM = ANALYTICS_IDS.GATSBY_GTM_ID;
const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

let server: RunningServer;
let buildDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(timeoutForBuilds(SMALL_SITE_BUILDS));
  const site = await smallSite();
  expect(site.status, site.output).toBe(0);
  buildDir = site.served;
  server = await startProductionServer({ cwd: site.served });
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

/** Each rule's Content-Security-Policy in a build's public/_headers (Netlify's), by the rule's source. */
function netlifyPolicies(publicDir: string): Record<string, string> {
  const text = fs.readFileSync(path.join(publicDir, "_headers"), "utf8");
  return Object.fromEntries(
    [...text.matchAll(/^(\/\S*)\n((?: {2}.+\n)+)/gm)].flatMap(([, source = "", body = ""]) => {
      const policy = /^ {2}Content-Security-Policy: (.*)$/m.exec(body)?.[1];
      return policy ? [[source, policy]] : [];
    }),
  );
}

/** Anything of analytics in a page: Google's hosts, the gtag function, the data layer, the consent check. */
const ANALYTICS_CODE = /googletagmanager|google-analytics|analytics\.google|gtag|dataLayer|__analyticsOff/;

test("the staff console and the cancel page hold no analytics, in their HTML or either policy; public pages do", () => {
  const publicDir = path.join(buildDir, "public");
  const pages = new Map(htmlFiles(publicDir).map((file) => [pagePath(publicDir, file), file]));
  const served = (JSON.parse(fs.readFileSync(path.join(buildDir, ".cache/csp.json"), "utf8")) as { pages: PagePolicies }).pages;
  const netlify = netlifyPolicies(publicDir);
  const without = [...pages.keys()].filter((page) => !analyticsAllowed(page));
  expect(without).toEqual(expect.arrayContaining([...Object.values(staffPaths), INTRO_CANCEL_PATH, PRIVACY_CONFIRM_PATH]));
  for (const page of without) {
    const html = fs.readFileSync(pages.get(page) ?? "", "utf8");
    expect(ANALYTICS_CODE.exec(html)?.[0], `${page}: its HTML`).toBeUndefined();
    expect(served[page], `${page}: the production server's policy`).toMatch(/^default-src 'self'/);
    expect(GOOGLE.exec(served[page] ?? "")?.[0], `${page}: the production server's policy`).toBeUndefined();
    expect(netlify[page], `${page}: Netlify's policy`).toBe(served[page]);
  }
  for (const page of ["/", "/about/", "/contact/", "/intro/", "/404.html"]) {
    const html = fs.readFileSync(pages.get(page) ?? "", "utf8");
    expect(html, page).toContain(`https://www.googletagmanager.com/gtag/js?id=${GA}`);
    expect(html, page).toContain(GTM);
    expect(served[page], page).toContain("script-src 'self'");
    expect(served[page], page).toContain("https://www.googletagmanager.com");
    expect(netlify[page], page).toBe(served[page]);
  }
});

test("the editor's policy in a built site leaves out its local backend", async () => {
  const netlify = netlifyPolicies(path.join(buildDir, "public"))["/admin/*"];
  expect(netlify).toContain("connect-src 'self' blob: https://api.github.com");
  expect(netlify).not.toContain("localhost");
  const served = (await fetch(`${server.url}/admin/`)).headers.get("content-security-policy");
  expect(served).toBe(netlify);
});

/** The page views and Tag Manager route changes this page has counted, in order (Google's scripts never load here). */
async function countedViews(page: Page) {
  return page.evaluate(() => {
    const entries = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
    const calls = entries.filter((entry) => !Array.isArray(entry) && typeof entry === "object" && entry !== null && "length" in entry);
    return {
      pageViews: calls
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[0] === "event" && args[1] === "page_view")
        .map((args) => args[2]),
      routeChanges: entries.filter((entry) => (entry as { event?: unknown }).event === "gatsby-route-change"),
      all: JSON.stringify(
        entries.map((entry) =>
          typeof entry === "object" && entry !== null && "length" in entry ? Array.from(entry as ArrayLike<unknown>) : entry,
        ),
      ),
    };
  });
}

test("a page view reports the page and its campaign tags only: never a fragment, another query or a console page", async ({ page }) => {
  await blockGoogle(page);
  await page.goto(`${server.url}/?utm_source=flyer&email=jane%40example.com&utm_medium=print#token=s3cret`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
  await page.waitForURL(/\/rates\/$/);
  // A plan's link preselects it in the query.
  await page.getByRole("link", { name: "Sign up: Unlimited" }).click();
  await page.waitForURL(/\/membership\/signup\/\?plan=unlimited$/);
  // No public page links into the console; a route change there is counted nowhere all the same.
  type Navigate = (to: string) => void;
  await page.evaluate(() => (window as unknown as { ___navigate: Navigate }).___navigate("/staff/?q=jane@example.com"));
  await page.waitForURL(/\/staff\/\?q=/);
  await page.evaluate(() => (window as unknown as { ___navigate: Navigate }).___navigate("/about/#coaches"));
  await page.waitForURL(/\/about\/#coaches$/);
  // Page views are sent in the order of the route changes, so once /about/'s is in, the console's would be too.
  const site = server.url;
  const expected = [
    { page_location: `${site}/?utm_source=flyer&utm_medium=print`, page_referrer: "" },
    { page_location: `${site}/rates/`, page_referrer: `${site}/` },
    { page_location: `${site}/membership/signup/`, page_referrer: `${site}/rates/` },
    // Where the visitor came from is a console page: reported as nowhere.
    { page_location: `${site}/about/`, page_referrer: "" },
  ];
  await expect.poll(async () => (await countedViews(page)).pageViews).toEqual(expected);
  await expect
    .poll(async () => (await countedViews(page)).routeChanges)
    .toEqual(expected.map((view) => ({ event: "gatsby-route-change", ...view })));
  const { all } = await countedViews(page);
  expect(all).not.toMatch(/s3cret|jane|email|plan=|coaches/);
});

test("a sign-in link, a console search, a cancel link and a missing console page load nothing of analytics", async ({ page }) => {
  const attempts = await blockGoogle(page);
  let errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The page's clock, so the delayed route-change callbacks are run, not waited for.
  await page.clock.install();
  /** What analytics left on the page once it is loaded, hydrated and its route-change callbacks have run. */
  const visit = async (address: string) => {
    errors = [];
    await page.goto(`${server.url}${address}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.clock.runFor(1000);
    // Google's scripts are inserted while the head is read, so by "load" they have been requested or never will be.
    await page.waitForLoadState("load");
    const state = await page.evaluate(() => {
      const win = window as unknown as { gtag?: unknown; dataLayer?: unknown; google_tag_manager?: unknown };
      return { gtag: typeof win.gtag, dataLayer: typeof win.dataLayer, gtm: typeof win.google_tag_manager };
    });
    return { address, ...state };
  };
  const nothing = { gtag: "undefined", dataLayer: "undefined", gtm: "undefined" };
  for (const address of [
    "/staff/sign-in/#token=s3cret",
    "/staff/?q=jane@example.com",
    "/intro/cancel/#token=s3cret",
    "/privacy/confirm/#token=s3cret",
  ]) {
    expect(await visit(address)).toEqual({ address, ...nothing });
    // No script error either (gatsby-plugin-google-tagmanager pushed to a data layer on every route change, there or not).
    expect({ address, errors }).toEqual({ address, errors: [] });
  }
  // The 404 page, which carries the tags, answers there too: its consent check keeps them off.
  const missing = "/staff/no-such-screen/?q=jane@example.com";
  expect(await visit(missing)).toEqual({ address: missing, ...nothing });
  expect(attempts).toEqual([]);
});

test("a build with both ids has both tags, loaded only after the privacy check", () => {
  const html = fs.readFileSync(path.join(buildDir, "public/index.html"), "utf8");
  const script = /<script>(window\.__analyticsOff=[^<]*)<\/script>/.exec(html)?.[1] ?? "";
  expect(script).toContain("window.__analyticsOff=navigator.globalPrivacyControl===true");
  // Google's code is loaded by the script, and only once the check has passed.
  const afterCheck = script.slice(script.indexOf("if(!window.__analyticsOff){"));
  expect(afterCheck).toContain(`"https://www.googletagmanager.com/gtag/js?id=${GA}"`);
  expect(afterCheck).toContain(`"https://www.googletagmanager.com/gtm.js?id=${GTM}"`);
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
  const pageViews = async () => (await countedViews(page)).pageViews.map((view) => (view as { page_location: string }).page_location);
  await expect.poll(pageViews).toEqual([`${server.url}/`, `${server.url}/rates/`, `${server.url}/about/`]);
  // The libraries were requested (and blocked here), once each.
  expect(attempts.filter((url) => url.includes(`/gtag/js?id=${GA}`))).toHaveLength(1);
  expect(attempts.filter((url) => url.includes(`/gtm.js?id=${GTM}`))).toHaveLength(1);
});

test("with Global Privacy Control, no analytics request is made", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const attempts = await blockGoogle(page);
  // The page's clock, so the delayed page view of the route change is run, not waited for.
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
