import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { Rates } from "../../src/content/schemas";
import { addDays, formatLongDate, weekdayOf } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { BUILD_DAY, BUILD_DAY_SITE, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { signInContext } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

/** The drop-in against the production build and server: found from the rates, sent, and read by staff. */

// The visit's day is checked against today by the browser and again by the server: both on the build's day.
test.use({ baseURL: BUILD_DAY_SITE.url });

const rates = JSON.parse(fs.readFileSync("content/rates.json", "utf8")) as Rates;
const dropIn = rates.plans.find((plan) => plan.period === "visit")!;

/** A field by the start of its label: the label's text, then "(required)" or a hint. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);

/** The next day after the build's day that falls on `weekday`. */
function next(weekday: string): string {
  let date = addDays(BUILD_DAY, 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

async function sendDropIn(page: Page) {
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send" }).click();
}

test("the drop-in plan on the rates and CrossFit pages leads to the drop-in page, which shows its price and class times", async ({
  page,
}) => {
  await gotoReady(page, "/programs/crossfit/");
  await expect(page.locator(`[data-plan="${dropIn.id}"]`).getByRole("link")).toHaveAttribute("href", "/drop-in/");
  await gotoReady(page, "/rates/");
  await page.locator(`[data-plan="${dropIn.id}"]`).getByRole("link").click();
  await expect(page).toHaveURL(/\/drop-in\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drop In");
  await expect(page.getByRole("table", { name: "At a glance" })).toContainText(`$${dropIn.price} per visit`);
  await expect(page.getByRole("link", { name: "Class times" })).toHaveAttribute("href", `/schedule/?program=${dropIn.program}`);
  await expect(page.getByRole("heading", { name: "What to bring" })).toBeVisible();
});

test("a visitor's mistakes are named on their fields and kept; the sent drop-in reaches the staff's inbox", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const name = `Visitor ${tag}`;
  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, "/drop-in/");
  const form = page.getByRole("form", { name: "Drop-in visit" });
  const sunday = next("Sunday");
  await form.getByLabel(label("Date of your visit")).fill(sunday);
  await form.getByLabel(label("Your name")).fill(name);
  await form.getByLabel(label("Email")).fill(`visitor-${tag}@example`);
  await form.getByLabel(label("Your home gym")).fill("CrossFit Hilo");
  await sendDropIn(page);

  const date = form.getByLabel(label("Date of your visit"));
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toContainText("We have no drop-in class on Sundays");
  await expect(page.getByRole("alert")).toContainText("Enter an email address like name@example.com");
  await expect(page.getByRole("alert")).toContainText("Tell us whether you are 18 or older");
  await expect(page.getByRole("alert")).toContainText("Read and accept the waiver to continue");
  await expect(date).toBeFocused();
  await expect(form.getByLabel(label("Your name"))).toHaveValue(name);
  await expect(form.getByLabel(label("Your home gym"))).toHaveValue("CrossFit Hilo");
  await expectNoAxeViolations(page, "the drop-in form's error state");

  const monday = next("Monday");
  await date.fill(monday);
  await form.getByLabel(label("Email")).fill(`visitor-${tag}@example.com`);
  // A visitor under 18: the waiver is accepted by the parent or guardian they name.
  const guardian = form.getByLabel(label("Parent or guardian's name"));
  await expect(guardian).toHaveCount(0);
  await form
    .getByRole("group", { name: /^Your age/ })
    .getByLabel("13 to 17")
    .check();
  await expect(guardian).toBeVisible();
  await expect(page.getByRole("region", { name: "Waiver" })).toContainText("risk of injury");
  // The box is the guardian's statement now, not the visitor's own acceptance.
  await expect(form.getByLabel(label("I have read the waiver and accept it"))).toHaveCount(0);
  await form.getByLabel(label("I am the parent or guardian named above:")).check();
  await sendDropIn(page);
  await expect(page.getByRole("alert")).toContainText("Visitors under 18 need a parent or guardian: enter their name");
  await expect(guardian).toBeFocused();
  await expectNoAxeViolations(page, "the drop-in form asking for a guardian");
  await guardian.fill("Lani Moana");
  await sendDropIn(page);
  const success = page.getByTestId("form-success");
  await expect(success).toBeFocused();
  await expect(success).toContainText(`See you on Monday`);
  await expect(success).toContainText(`the $${dropIn.price} drop-in fee`);
  const reference = (await success.locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^V-[0-9A-Z]{10}$/);
  await expectNoAxeViolations(page, "the drop-in form's success state");

  await signInContext(context, baseURL!, BUILD_DAY_SITE.dataDir, `owner-${tag}@example.com`, "owner", nowOnBuildDay());
  await gotoReady(page, "/staff/?view=new&form=drop-in");
  await page.getByRole("searchbox", { name: "Name, e-mail or phone" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const lead = page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(lead).toContainText("Drop-in");
  await expect(lead).toContainText(`visitor-${tag}@example.com`);
  await lead.getByRole("link", { name }).click();
  // A drop-in is a sales form: the card opens its person, whose timeline names the form's reference.
  await expect(page).toHaveURL(/\/staff\/lead\/\?id=N-[0-9A-Z]{10}$/);
  await expect(page.locator("main")).toContainText(`(${reference})`);
  // The visit date in words, as staff read every date.
  await expect(page.locator("main")).toContainText(formatLongDate(monday));
  await expect(page.locator("main")).toContainText("CrossFit Hilo");
  await expect(page.locator("main")).toContainText("13-17");
  await expect(page.locator("main")).toContainText("Lani Moana");
});
