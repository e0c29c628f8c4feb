import { expect, test, type Page } from "@playwright/test";
import { addDays, weekdayOf } from "../../src/content/dates";
import { zonedToday } from "../../src/time/today";
import { FORM_REGISTRY } from "../../src/forms/registry";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { timeoutForBuilds } from "../support/scratchBuild";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { SMALL_SITE_BUILDS, smallSite } from "../support/smallSite";
import { withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { uniqueEmail } from "../support/uniqueEmail";

/**
 * "Pay now" after a sign-up or a drop-in (src/content/paymentLink.ts), in Chromium with and without
 * JavaScript, on the small fixture site whose content has test-mode payment links on the Unlimited plan
 * and the drop-in and none on Kids (tests/fixtures/small-content/rates.json; the scratch build
 * analytics.spec.ts and rebuild.spec.ts share, tests/support/smallSite.ts). Nothing leaves the machine:
 * Stripe's address is answered here. The site and its server run on this machine's clock.
 */
const UNLIMITED_LINK = "https://buy.stripe.com/test_fixtureUnlimited01";
const DROP_IN_LINK = "https://buy.stripe.com/test_fixtureDropIn01";
const TIME_ZONE = "America/Los_Angeles";

let site: string;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(timeoutForBuilds(SMALL_SITE_BUILDS));
  const built = await smallSite();
  expect(built.status, built.output).toBe(0);
  site = built.served;
  server = await startProductionServer({ cwd: site, env: { FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000" } });
});
test.afterAll(async () => {
  await server?.stop();
});

const today = () => zonedToday(new Date(), TIME_ZONE).date;
/** The next Monday, the one day the fixture's CrossFit (the drop-in's program) has a class. */
function nextMonday(): string {
  for (let days = 1; ; days++) if (weekdayOf(addDays(today(), days)) === "Monday") return addDays(today(), days);
}

function adult(email: string, plan = "unlimited"): Record<string, string | boolean> {
  return {
    plan,
    startDate: addDays(today(), 3),
    firstName: "Sam",
    lastName: "Payer",
    dateOfBirth: "1991-04-12",
    email,
    phone: "253-555-0142",
    emergencyContactName: "Kim Lee",
    emergencyContactPhone: "253-555-0143",
    waiverAccepted: true,
  };
}

function visitor(email: string): Record<string, string | boolean> {
  return { visitDate: nextMonday(), name: "Vic Payer", email, ageGroup: "18+", waiverAccepted: true };
}

/** Fills a form's fields by name: text typed, a choice picked, a box ticked. */
async function fillForm(page: Page, action: string, fill: Record<string, string | boolean>) {
  const form = page.locator(`form[action="${action}"]`);
  for (const [name, value] of Object.entries(fill)) {
    const field = form.locator(`[name="${name}"]`);
    if (typeof value === "boolean") await field.setChecked(value);
    else if ((await field.first().getAttribute("type")) === "radio") await form.locator(`[name="${name}"][value="${value}"]`).check();
    else if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

/** The confirmation's reference and its "Pay now" address, read as the visitor's browser shows them. */
async function confirmation(page: Page) {
  const success = page.getByTestId("form-success");
  await expect(success).toBeVisible();
  const reference = (await success.locator("span").last().textContent()) ?? "";
  const payNow = success.getByRole("link", { name: "Pay now" });
  return { success, reference, payNow };
}

/** The address is the plan's link with exactly the reference and the address the form gave. */
function expectPayNow(href: string | null, link: string, reference: string, email: string) {
  const url = new URL(href ?? "");
  expect(`${url.origin}${url.pathname}`).toBe(link);
  expect([...url.searchParams]).toEqual([
    ["client_reference_id", reference],
    ["prefilled_email", email],
  ]);
}

test.describe("with JavaScript", () => {
  /** Opens a form on the site's clock, which the test moves on past the time a person takes to fill it. */
  async function openForm(page: Page, path: string) {
    await page.clock.install({ time: new Date() });
    await page.goto(`${server.url}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }

  test("a sign-up's Pay now leads to its plan's link with its reference and address; a plan without one keeps the words", async ({
    page,
  }) => {
    await openForm(page, "/membership/signup/");
    const email = uniqueEmail("sam+");
    await fillForm(page, "/api/signup", adult(email));
    await page.clock.fastForward(MIN_FILL_MS);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    const { success, reference, payNow } = await confirmation(page);
    expect(reference).toMatch(new RegExp(`^${FORM_REGISTRY.signup.prefix}-[0-9A-Z]{10}$`));
    await expect(success).toContainText("You can pay now by card on Stripe's secure page");
    const href = await payNow.getAttribute("href");
    expectPayNow(href, UNLIMITED_LINK, reference, email);
    await expectNoAxeViolations(page, "a sign-up's confirmation with Pay now");

    // The browser goes there with the query whole (Stripe's page is answered here).
    await page.route("https://buy.stripe.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>Stripe</title>" }),
    );
    await payNow.click();
    await page.waitForURL((url) => url.hostname === "buy.stripe.com");
    expect(page.url()).toBe(href);

    // CrossFit Kids has no link: the confirmation says a coach sets up payment, and offers nothing to pay.
    await openForm(page, "/membership/signup/?plan=kids");
    const start = addDays(today(), 3);
    await fillForm(page, "/api/signup", {
      ...adult(uniqueEmail("kid+"), "kids"),
      dateOfBirth: `${Number(start.slice(0, 4)) - 8}-06-15`,
      guardianName: "Pat Payer",
    });
    await page.clock.fastForward(MIN_FILL_MS);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    const kids = await confirmation(page);
    await expect(kids.success).toContainText("to confirm your start date and set up payment (credit card or debit card)");
    await expect(kids.payNow).toHaveCount(0);
  });

  test("a drop-in's Pay now leads to the drop-in's link with its reference and address", async ({ page }) => {
    await openForm(page, "/drop-in/");
    const email = uniqueEmail("vic+");
    await fillForm(page, "/api/drop-in", visitor(email));
    await page.clock.fastForward(MIN_FILL_MS);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const { success, reference, payNow } = await confirmation(page);
    expect(reference).toMatch(new RegExp(`^${FORM_REGISTRY["drop-in"].prefix}-[0-9A-Z]{10}$`));
    await expect(success).toContainText("pay the $20 drop-in fee now by card on Stripe's secure page, or on the day");
    expectPayNow(await payNow.getAttribute("href"), DROP_IN_LINK, reference, email);
  });
});

for (const database of ["SQLite", "PostgreSQL"] as const) {
  test.describe(`without JavaScript, on ${database}`, () => {
    test.use({ javaScriptEnabled: false });

    test("the confirmation page reads the stored send: Pay now with its reference and address; without its key, none", async ({ page }) => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const databaseUrl = pg ? await pg.createDatabase() : undefined;
      const own = databaseUrl ? await startProductionServer({ cwd: site, env: { DATABASE_URL: databaseUrl } }) : server;
      try {
        const cases = [
          {
            path: "/membership/signup/",
            action: "/api/signup",
            send: "Sign up",
            fill: adult,
            link: UNLIMITED_LINK,
            prefix: FORM_REGISTRY.signup.prefix,
          },
          {
            path: "/drop-in/",
            action: "/api/drop-in",
            send: "Send",
            fill: visitor,
            link: DROP_IN_LINK,
            prefix: FORM_REGISTRY["drop-in"].prefix,
          },
        ];
        for (const item of cases) {
          const email = uniqueEmail(`noscript+${item.prefix.toLowerCase()}`);
          await page.goto(`${own.url}${item.path}`);
          await fillForm(page, item.action, item.fill(email));
          await page.getByRole("button", { name: item.send, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`${item.action}\\?sent=${item.prefix}-`));
          const { reference, payNow } = await confirmation(page);
          expect(reference).toMatch(new RegExp(`^${item.prefix}-[0-9A-Z]{10}$`));
          expectPayNow(await payNow.getAttribute("href"), item.link, reference, email);
          const stored = await withStore(own.dataDir, (store) => store.get(reference), databaseUrl);
          expect(stored?.payload.email).toBe(email);

          // The same reference without the send's key: words true of any send, nothing to pay, no address.
          const stranger = await (await fetch(`${own.url}${item.action}?sent=${reference}`)).text();
          expect(stranger).toContain('data-testid="form-success"');
          expect(stranger).not.toContain("buy.stripe.com");
          expect(stranger).not.toContain(encodeURIComponent(email));
        }
      } finally {
        if (own !== server) await own.stop();
        pg?.stop();
      }
    });
  });
}
