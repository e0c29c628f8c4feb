import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { BUILD_DAY_SITE, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { signInContext } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

/**
 * A parent books their child a free trial class from the CrossFit Kids page, on a phone (390 px), with
 * and without JavaScript, against the production build and server; the seats shown drop as they are
 * taken, and staff see the child with their age.
 */

// The classes offered depend on the server's day: the build's, so the classes below are known.
test.use({ baseURL: BUILD_DAY_SITE.url, viewport: { width: 390, height: 844 } });

const KIDS = "/programs/crossfitkids/";
const TRIAL = "/programs/crossfitkids/trial/";

/** The seats left the picker shows for the class at `time` on the day `short` ("Tue, Dec 1"), e.g. 3. */
async function seatsLeft(page: Page, short: string, time: string): Promise<number> {
  const trial = page.locator("#book");
  const day = trial.getByRole("group", { name: "Day", exact: true }).getByRole("radio", { name: new RegExp(`^${short}`) });
  await day.focus();
  await page.keyboard.press("Space");
  const option = trial.getByRole("group", { name: /^Time on/ }).getByRole("radio", { name: new RegExp(`^${time}, `) });
  const label = await option.evaluate((radio) => radio.closest("label")?.textContent ?? "");
  const left = /, (\d+) seats? left$/.exec(label)?.[1];
  if (!left) throw new Error(`no seats left in "${label}"`);
  return Number(left);
}

test("with JavaScript: the parent's way in, the classes with their seats, a booked seat said plainly, and the seats drop", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, KIDS);
  // The parents' section leads to the booking.
  const parents = page.locator("#parents");
  await expect(parents).toContainText("Start with a free trial class");
  await parents.getByRole("link", { name: "Book a free trial class" }).click();
  await expect(page).toHaveURL(new RegExp(`${TRIAL}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free Kids Trial Class");
  await expect(page.locator("#bring")).toContainText("Clothes to run and jump in");
  const trial = page.locator("#book");
  await expect(trial.getByText("Times are Pacific Time, where the gym is.")).toBeVisible();
  const before = await seatsLeft(page, "Tue, Dec 1", "4:00 PM");
  expect(before).toBeGreaterThan(0);

  const form = page.getByRole("form", { name: "Book a free trial class" });
  // Nothing filled: each field says what it needs.
  await page.clock.fastForward(MIN_FILL_MS);
  await form.getByRole("button", { name: "Book this class" }).click();
  await expect(form.getByRole("alert")).toContainText("Choose a class for the free trial");
  await expect(form.getByRole("alert")).toContainText("Choose your child's age: CrossFit Kids is for ages 6 to 12");
  await expectNoAxeViolations(page, "the kids' trial form with its problems");

  await seatsLeft(page, "Tue, Dec 1", "4:00 PM");
  await trial
    .getByRole("group", { name: /^Time on/ })
    .getByRole("radio", { name: /^4:00 PM, / })
    .check();
  await form.getByLabel(/^Your child's first name/).fill("Mia");
  await form.getByLabel(/^Your child's age/).selectOption("7");
  await form.getByLabel(/^Your name/).fill(`Parent ${tag}`);
  await form.getByLabel(/^Email/).fill(`parent-${tag}@example.com`);
  await form.getByLabel(/^Phone/).fill("253-555-0100");
  await form.getByRole("button", { name: "Book this class" }).click();
  const success = page.getByTestId("form-success");
  await expect(success).toBeFocused();
  await expect(success.getByRole("heading")).toHaveText("You're booked: Tuesday, December 1 at 4:00 PM");
  await expect(success).toContainText("Mia's free trial class with Coach Jess is booked.");
  const reference = (await success.locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^K-[0-9A-Z]{10}$/);
  await expectNoAxeViolations(page, "the kids' trial booked");

  // Another parent opening the page sees one seat fewer.
  const other = await browser.newContext({ baseURL: BUILD_DAY_SITE.url, viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  await gotoReady(second, TRIAL);
  expect(await seatsLeft(second, "Tue, Dec 1", "4:00 PM")).toBe(before - 1);
  await other.close();

  // Staff see the child with their age, and the parent as the lead.
  await signInContext(context, BUILD_DAY_SITE.url, BUILD_DAY_SITE.dataDir, `coach-${tag}@example.com`, "coach", nowOnBuildDay());
  await gotoReady(page, "/staff/kids-trials/");
  const tuesday = page.getByRole("region", { name: "Tuesday, December 1 at 4:00 PM" });
  const seat = tuesday.locator(`[data-reference="${reference}"]`);
  await expect(seat).toContainText("Mia, age 7");
  await expect(seat.getByRole("link", { name: `Parent ${tag}` })).toHaveAttribute("href", `/staff/lead/?id=${reference}`);
  // The parent's number as people write it, and a tap calls it.
  await expect(seat.getByRole("link", { name: "(253) 555-0100" })).toHaveAttribute("href", "tel:+12535550100");
});

test("without JavaScript: the page links to the classes, where a seat is booked and the page says so plainly", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: BUILD_DAY_SITE.url,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(KIDS);
  await page.locator("#parents").getByRole("link", { name: "Book a free trial class" }).click();
  await expect(page).toHaveURL(new RegExp(`${TRIAL}$`));
  const notice = page.locator("#book noscript > p");
  await expect(notice).toContainText("This page shows the classes and their free seats with JavaScript");
  await expect(page.getByRole("form", { name: "Book a free trial class" })).toBeHidden();
  await notice.getByRole("link", { name: "choose from the classes here" }).click();
  await expect(page).toHaveURL(/\/api\/kids-trial$/);
  const form = page.getByRole("form", { name: "Book a free trial class" });
  const thursday = form.getByRole("group", { name: "Thursday, December 3" }).getByRole("radio");
  await expect(thursday).toHaveCount(1);
  const label = (await thursday.evaluate((radio) => radio.closest("label")?.textContent ?? "")) ?? "";
  expect(label).toMatch(/^4:00 PM, \d seats? left$/);
  await thursday.check();
  await form.getByLabel(/^Your child's first name/).fill("Leo");
  await form.getByLabel(/^Your child's age/).selectOption("10");
  await form.getByLabel(/^Your name/).fill("Sam Parent");
  await form.getByLabel(/^Email/).fill("sam.parent@example.com");
  await form.getByLabel(/^Phone/).fill("253-555-0101");
  await form.getByRole("button", { name: "Book this class" }).click();
  const success = page.getByTestId("form-success");
  await expect(success.getByRole("heading")).toHaveText("You're booked: Thursday, December 3 at 4:00 PM");
  await expect(success).toContainText("Leo's free trial class with Coach Jess is booked.");
  await expect(success).toContainText(/Your reference: K-[0-9A-Z]{10}/);
  await context.close();
});

test("classes that fail to load are said so with the other ways to book and load again on request; every seat taken is said plainly", async ({
  page,
}) => {
  // The first request fails as on a lost connection; the one the button sends finds every seat taken.
  let asked = 0;
  await page.route("**/api/kids-trial-classes", (route) =>
    ++asked === 1 ? route.abort("connectionfailed") : route.fulfill({ json: { zone: "Pacific Time", classes: [], days: [] } }),
  );
  await gotoReady(page, TRIAL);
  const failure = page.getByRole("alert");
  await expect(failure.locator("p")).toHaveText(
    /^We could not load the classes\. Check your connection and try again, or call us at .*555.* or send us a message\.$/,
  );
  await failure.getByRole("button", { name: "Load the classes again" }).click();
  await expect(
    page.getByText(
      /^Every trial seat of the next two weeks is taken\. Please call us at .*555.* or send us a message, and we will find a class for your child\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator("[data-booking]")).toHaveCount(0);
  expect(asked).toBe(2);
});
