import { expect, test, type Browser, type Page } from "@playwright/test";
import { addDays } from "../../src/content/dates";
import { FORM_REGISTRY, type FormName } from "../../src/forms/registry";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_DAY_SITE, BUILD_INSTANT } from "../support/buildDay";
import { gymHour, site } from "./support/site";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer } from "../support/servers";
import { withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { markerBesideFirstLine } from "./support/markers";
import { gotoReady, holdScripts } from "./support/page";
import { dayLabel, timeLabel } from "../../src/time/labels";
import { uniqueEmail } from "../support/uniqueEmail";

/**
 * Every form works with scripting off: sent the browser's way, stored, answered with a page (the
 * confirmation after a redirect, or the problems with what was typed kept), and never stored twice.
 * The forms' dates are checked against today by the server: the site on the build's day.
 */
test.use({ baseURL: BUILD_DAY_SITE.url, javaScriptEnabled: false });

type Fill = Record<string, string | boolean>;

interface Case {
  form: FormName;
  path: string;
  send: string;
  /** A complete send; `{tag}` in a value is replaced so each test's submission is its own. */
  complete: Fill;
  /** A send with problems (several fields missing or wrong), some fields typed. */
  incomplete: Fill;
  /** A problem the incomplete send must be shown, at its field. */
  shows?: string;
}

const CASES: readonly Case[] = [
  {
    form: "contact",
    path: "/contact/",
    send: "Send message",
    complete: { name: "Nora Noscript", email: "nora-{tag}@example.com", interest: "membership", message: "Do you have evening classes?" },
    // The name is an encoded word ("\u202eNora" to a mail client): refused at the field, the same way with and without script.
    incomplete: { name: "=?UTF-8?B?4oCuTm9yYQ==?=", email: "nora@example", message: "Sent with <b>no</b> script & a \\ backslash" },
    shows: 'Write your name as plain text, without "=?...?=" codes',
  },
  {
    form: "signup",
    path: "/membership/signup/",
    send: "Sign up",
    complete: {
      plan: "unlimited",
      startDate: addDays(BUILD_DAY, 3),
      firstName: "Sam",
      lastName: "Noscript",
      dateOfBirth: "1991-04-12",
      email: "sam-{tag}@example.com",
      phone: "253-555-0142",
      emergencyContactName: "Kim Lee",
      emergencyContactPhone: "253-555-0143",
      waiverAccepted: true,
    },
    incomplete: { plan: "unlimited", firstName: "Sam", email: "sam@example.com", healthConsent: true, healthInfo: "Old knee injury" },
  },
  {
    form: "membership-hold",
    path: "/membership/membershipHold/",
    send: "Send request",
    complete: {
      type: "hold",
      name: "Jo Noscript",
      email: "jo-{tag}@example.com",
      holdStart: addDays(BUILD_DAY, 8),
      holdEnd: addDays(BUILD_DAY, 21),
      reason: "Three weeks abroad",
      acknowledged: true,
    },
    incomplete: { type: "cancel", name: "Jo Noscript", reason: "Moving away" },
  },
  {
    form: "drop-in",
    path: "/drop-in/",
    send: "Send",
    complete: {
      visitDate: addDays(BUILD_DAY, 7),
      name: "Vic Noscript",
      email: "vic-{tag}@example.com",
      ageGroup: "18+",
      waiverAccepted: true,
    },
    incomplete: { name: "Vic Noscript", email: "vic@example.com", affiliate: "CrossFit Elsewhere" },
  },
  {
    form: "privacy-request",
    path: "/privacy/request/",
    send: "Send request",
    complete: { request: "access", name: "Pat Noscript", email: "pat-{tag}@example.com" },
    incomplete: { name: "Pat Noscript", details: "Everything you hold about me" },
  },
];

const withTag = (fill: Fill, tag: string): Fill =>
  Object.fromEntries(Object.entries(fill).map(([name, value]) => [name, typeof value === "string" ? value.replace("{tag}", tag) : value]));

/** Fills the form's fields by name, as a visitor would: text typed, a choice picked, a box ticked. */
async function fillForm(page: Page, action: string, fill: Fill) {
  const form = page.locator(`form[action="${action}"]`);
  for (const [name, value] of Object.entries(fill)) {
    const field = form.locator(`[name="${name}"]`);
    if (typeof value === "boolean") await field.setChecked(value);
    else if ((await field.first().getAttribute("type")) === "radio") await form.locator(`[name="${name}"][value="${value}"]`).check();
    else if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** What the form's fields hold now, by name, for the fields of `fill`. */
async function valuesOf(page: Page, action: string, fill: Fill): Promise<Fill> {
  const form = page.locator(`form[action="${action}"]`);
  const values: Fill = {};
  for (const [name, value] of Object.entries(fill)) {
    const field = form.locator(`[name="${name}"]`);
    if (typeof value === "boolean") values[name] = await field.isChecked();
    else if ((await field.first().getAttribute("type")) === "radio")
      values[name] = (await form.locator(`[name="${name}"]:checked`).getAttribute("value")) ?? "";
    else values[name] = await field.inputValue();
  }
  return values;
}

/**
 * axe on the page as shown, at 320 and 1440 px. axe runs as a script, and this page has scripting off:
 * the same document (it has no scripts of its own) is opened at the same address in a page that runs
 * them, and checked there.
 */
async function axeAtBothWidths(page: Page, browser: Browser, label: string) {
  const html = await page.content();
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const checked = await context.newPage();
    await checked.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await checked.goto(page.url());
    for (const width of [320, 1440]) {
      await checked.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(checked, `${label} at ${width} px`);
    }
  } finally {
    await context.close();
  }
}

/** The enhanced form's list of problems for the same fields: a page with its script, gone live. */
async function enhancedSummary(browser: Browser, { path, form, incomplete }: Case): Promise<string[]> {
  const context = await browser.newContext({ baseURL: BUILD_DAY_SITE.url, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await gotoReady(page, path);
    await fillForm(page, `/api/${form}`, incomplete);
    // Its label may follow the choices (the hold form's says what is asked for).
    await page.locator(`form[action="/api/${form}"] button[type=submit]`).click();
    const summary = page.locator(`form[action="/api/${form}"] [role=alert]`).first();
    await expect(summary).toBeVisible();
    return await summary.getByRole("link").allTextContents();
  } finally {
    await context.close();
  }
}

for (const item of CASES) {
  const action = `/api/${item.form}`;
  const prefix = FORM_REGISTRY[item.form].prefix;

  test.describe(`${item.form} without JavaScript`, () => {
    test("a complete send is stored and confirmed with its reference; sending it again stores nothing new", async ({
      page,
      browser,
    }, info) => {
      const fill = withTag(item.complete, `${info.workerIndex}-${Date.now()}`);
      await page.goto(item.path);
      await expect(page.getByRole("button", { name: item.send })).toBeEnabled();
      await fillForm(page, action, fill);
      await page.getByRole("button", { name: item.send }).click();

      await expect(page).toHaveURL(new RegExp(`${action}\\?sent=${prefix}-`));
      const success = page.getByTestId("form-success");
      await expect(success).toBeVisible();
      const reference = (await success.locator("span").last().textContent()) ?? "";
      expect(reference).toMatch(new RegExp(`^${prefix}-[0-9A-Z]{10}$`));
      // Nothing the visitor typed is in the address.
      expect(page.url()).not.toContain(encodeURIComponent(String(fill.email)));
      const stored = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.get(reference));
      expect(stored?.payload.email).toBe(fill.email);
      await axeAtBothWidths(page, browser, `the ${item.form} confirmation without JavaScript`);

      // A reload shows the confirmation again, and Back and Send again is the same send.
      await page.reload();
      await expect(page.getByTestId("form-success")).toContainText(reference);
      await page.goto(item.path);
      await fillForm(page, action, fill);
      await page.getByRole("button", { name: item.send }).click();
      await expect(page.getByTestId("form-success")).toContainText(reference);
      const same = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.list({ form: item.form, includeSpam: true }));
      expect(same.filter((submission) => submission.payload.email === fill.email)).toHaveLength(1);
    });

    test("at 390 px, each problem in the list has its bullet on its first line", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(item.path);
      await page.getByRole("button", { name: item.send }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const items = page.locator("main form [role=alert] li");
      expect(await items.count()).toBeGreaterThan(0);
      for (const problem of await items.all()) {
        const { shown } = await markerBesideFirstLine(problem, "outside");
        expect.soft(shown, `the bullet of "${await problem.innerText()}" beside its first line`).toBe(true);
      }
    });

    test("an incomplete send shows the enhanced form's problems in its order, and keeps what was typed", async ({ page, browser }) => {
      await page.goto(item.path);
      await fillForm(page, action, item.incomplete);
      await page.getByRole("button", { name: item.send }).click();

      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.locator(`form[action="${action}"] [role=alert]`).first();
      const problems = await summary.getByRole("link").allTextContents();
      expect(problems.length).toBeGreaterThan(0);
      await expect(summary.getByRole("heading")).toHaveText(
        problems.length === 1 ? "There is a problem" : `There are ${problems.length} problems`,
      );
      expect(problems).toEqual(await enhancedSummary(browser, item));
      if (item.shows) expect(problems).toContain(item.shows);
      expect(await valuesOf(page, action, item.incomplete)).toEqual(item.incomplete);
      // Each message is also at its field: the link's target has the message, which describes it.
      for (const link of await summary.getByRole("link").all()) {
        const id = ((await link.getAttribute("href")) ?? "").slice(1);
        const message = (await link.textContent()) ?? "";
        await expect(page.locator(`[id="${id}-error"]`), message).toContainText(message);
        // The control, or a radio group's fieldset, is described by it.
        await expect(page.locator(`[aria-describedby~="${id}-error"]`)).toHaveCount(1);
      }
      await axeAtBothWidths(page, browser, `the ${item.form} problems page without JavaScript`);

      // Sent again from the problems page, complete this time, it is stored.
      await fillForm(page, action, withTag(item.complete, `again-${Date.now()}`));
      await page.getByRole("button", { name: item.send }).click();
      await expect(page.getByTestId("form-success")).toBeVisible();
    });
  });
}

test.describe("before the page is live", () => {
  test.use({ javaScriptEnabled: true });

  test("Send pressed while the page's scripts are held back posts the form, and it is stored", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/contact/", { waitUntil: "domcontentloaded" });
    const fill = withTag(CASES[0]!.complete, `early-${Date.now()}`);
    await fillForm(page, "/api/contact", fill);
    await page.getByRole("button", { name: "Send message" }).click();
    const success = page.getByTestId("form-success");
    await expect(success).toBeVisible();
    const reference = (await success.locator("span").last().textContent()) ?? "";
    const stored = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.get(reference));
    expect(stored?.payload.name).toBe("Nora Noscript");
  });
});

test.describe("on PostgreSQL", () => {
  test("each form sent without JavaScript is stored, and two identical sends at once are stored once", async ({ page }) => {
    const pg = await startTestPostgres();
    test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
    expect(pg, "CI installs PostgreSQL").toBeTruthy();
    const databaseUrl = await pg!.createDatabase();
    const server = await startProductionServer({ env: { ...BUILD_DAY_SERVER_ENV, DATABASE_URL: databaseUrl } });
    try {
      for (const item of CASES) {
        await page.goto(`${server.url}${item.path}`);
        const fill = withTag(item.complete, "pg");
        await fillForm(page, `/api/${item.form}`, fill);
        await page.getByRole("button", { name: item.send }).click();
        const reference = (await page.getByTestId("form-success").locator("span").last().textContent()) ?? "";
        const stored = await withStore(server.dataDir, (store) => store.get(reference), databaseUrl);
        expect(stored?.payload.email, item.form).toBe(fill.email);
      }
      // The free intro: an open time from the page the intro page links to.
      await page.goto(`${server.url}/api/intro`);
      const time = page.locator('input[name="start"]').first();
      const start = await time.getAttribute("value");
      await time.check();
      await fillForm(page, "/api/intro", { name: "Pg Noscript", email: "intro-pg@example.com" });
      await page.getByRole("button", { name: "Book this time" }).click();
      await expect(page.getByTestId("form-success")).toBeVisible();
      const booked = (await page.getByTestId("form-success").locator("span").last().textContent()) ?? "";
      const booking = await withStore(server.dataDir, (store) => store.get(booked), databaseUrl);
      expect(booking?.payload).toMatchObject({ start, email: "intro-pg@example.com" });

      // A double tap: both posts arrive together; one row, and every answer names it (each with a key of its own).
      const body = new URLSearchParams({ name: "Twice Tapped", email: "twice@example.com", interest: "general", message: "Tapped twice" });
      const post = () =>
        fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
          body,
          redirect: "manual",
        });
      const answers = await Promise.all(Array.from({ length: 8 }, post));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(303));
      const named = answers.map((answer) => new URL(answer.headers.get("location") ?? "", server.url).searchParams.get("sent"));
      expect(new Set(named).size).toBe(1);
      const rows = await withStore(server.dataDir, (store) => store.list({ form: "contact", includeSpam: true }), databaseUrl);
      expect(rows.filter((row) => row.payload.email === "twice@example.com")).toHaveLength(1);
    } finally {
      await server.stop();
      pg?.stop();
    }
  });
});

test.describe("the free intro without JavaScript", () => {
  test("the page links to the open times; one is booked and confirmed, and the store has the booking", async ({ page, browser }) => {
    await page.goto("/intro/");
    await page.getByRole("link", { name: "choose from the open times here" }).click();
    await expect(page).toHaveURL(/\/api\/intro$/);
    const form = page.getByRole("form", { name: "Book your free intro" });
    await expect(form).toBeVisible();
    await axeAtBothWidths(page, browser, "the free intro's open times without JavaScript");
    const times = form.locator('input[name="start"]');
    expect(await times.count()).toBeGreaterThan(1);
    // A time some way down the list, so other tests' bookings of the first times do not meet it.
    const chosen = times.nth(Math.min(5, (await times.count()) - 1));
    const start = (await chosen.getAttribute("value")) ?? "";
    await chosen.check();
    const email = uniqueEmail("intro-");
    await fillForm(page, "/api/intro", { name: "Ivy Noscript", email });
    await form.getByRole("button", { name: "Book this time" }).click();

    const success = page.getByTestId("form-success");
    // Shown, not only present: the intro page's booking block is hidden until its script has times.
    await expect(success).toBeVisible();
    await expect(success.getByRole("heading")).toHaveText(
      new RegExp(`^You're booked: ${dayLabel(start, site.timeZone)} at ${timeLabel(start, site.timeZone)} with Coach `),
    );
    await expect(success.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /^\/api\/intro-calendar\?sent=B-/);
    const reference = (await success.locator("span").last().textContent()) ?? "";
    expect(reference).toMatch(/^B-[0-9A-Z]{10}$/);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    const stored = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.get(reference));
    expect(stored?.payload).toMatchObject({ start, email });
    await axeAtBothWidths(page, browser, "the free intro's confirmation without JavaScript");

    // The same booking sent again (a double tap, Back and Send): the first one's reference, nothing new.
    const again = await page.request.post("/api/intro", {
      form: { start, name: "Ivy Noscript", email, website: "" },
      headers: { Origin: BUILD_DAY_SITE.url },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toContain(`sent=${reference}`);
    const bookings = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.list({ form: "intro", includeSpam: true }));
    expect(bookings.filter((booking) => booking.payload.email === email)).toHaveLength(1);

    // The time is gone from the list, and a second visitor who still had it offered is told so, with
    // what they typed kept and the times offered again.
    await page.goto("/api/intro");
    await expect(page.locator(`input[name="start"][value="${start}"]`)).toHaveCount(0);
    const body = new URLSearchParams({ start, name: "Late Lou", email: uniqueEmail("lou-") });
    const late = await page.request.post("/api/intro", { form: Object.fromEntries(body), headers: { Origin: BUILD_DAY_SITE.url } });
    expect(late.status()).toBe(409);
    const answer = await late.text();
    expect(answer).toContain("Sorry, someone has just booked that time.");
    expect(answer).toContain('value="Late Lou"');
    expect(answer).not.toContain(`value="${start}"`);
  });

  test("at 390 px, the open times hold one after 4 PM within the week of the build's day", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/api/intro");
    const weekAfter = BUILD_INSTANT.getTime() + 7 * 24 * 3600_000;
    const starts = await page
      .locator('input[name="start"]')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    const afterWork = starts.filter((start) => Date.parse(start) <= weekAfter && gymHour(start) >= 16);
    expect(afterWork.length, "times after 4 PM within a week").toBeGreaterThan(0);
    await expect(page.locator(`input[name="start"][value="${afterWork[0]}"]`)).toBeVisible();
  });

  test("an incomplete booking shows the enhanced form's problems and keeps what was typed, with the times", async ({ page, browser }) => {
    await page.goto("/api/intro");
    await fillForm(page, "/api/intro", { name: "Ivy Noscript", email: "ivy@example" });
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.locator('form[action="/api/intro"] [role=alert]').first();
    const problems = await summary.getByRole("link").allTextContents();

    const context = await browser.newContext({ baseURL: BUILD_DAY_SITE.url, javaScriptEnabled: true });
    try {
      const live = await context.newPage();
      await gotoReady(live, "/intro/");
      await live.locator('input[name="start"]').first().waitFor();
      await fillForm(live, "/api/intro", { name: "Ivy Noscript", email: "ivy@example" });
      await live.getByRole("button", { name: "Book this time" }).click();
      await expect(live.locator('form[action="/api/intro"] [role=alert]').first()).toBeVisible();
      expect(problems).toEqual(await live.locator('form[action="/api/intro"] [role=alert]').first().getByRole("link").allTextContents());
    } finally {
      await context.close();
    }
    expect(await valuesOf(page, "/api/intro", { name: "", email: "" })).toEqual({ name: "Ivy Noscript", email: "ivy@example" });
    await expect(page.locator('input[name="start"]').first()).toBeVisible();
    await axeAtBothWidths(page, browser, "the free intro's problems page without JavaScript");
  });
});
