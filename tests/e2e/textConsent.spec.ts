import { expect, test, type Page } from "@playwright/test";
import siteJson from "../../content/site.json";
import { MIN_FILL_MS, NO_PHONE_TO_TEXT } from "../../src/forms/schemas/fields";
import { textConsentWords } from "../../src/texts/consent";
import { BUILD_DAY_SITE, BUILD_INSTANT } from "../support/buildDay";
import { withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

/**
 * "Text me about my enquiry" on the built contact page, in real Chromium, with and without JavaScript:
 * unticked, named by its label and described by the whole disclosure; ticked without a phone, the
 * problem is shown at the box and nothing is sent; ticked with one, the consent is in the served site's
 * ledger with the words the visitor saw. Axe finds nothing in either state of the page with its script
 * (the box is the same markup without it).
 */
test.use({ baseURL: BUILD_DAY_SITE.url });

const words = textConsentWords(siteJson);

async function fill(page: Page, email: string, phone: string) {
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel(/^Your name/).fill("Tess Texter");
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Phone/).fill(phone);
  await form.getByLabel(/^What is your message about\?/).selectOption("membership");
  await form.getByLabel(/^Message/).fill("Can you text me the class times?");
  return form;
}

test("with JavaScript: the box is unticked and described; without a phone it is refused at the box; with one the consent is kept", async ({
  page,
}) => {
  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, "/contact/");
  const box = page.getByRole("checkbox", { name: "Text me about my enquiry" });
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(words.text);
  await expectNoAxeViolations(page, "the contact form with the box for texts");

  const form = await fill(page, "tess-js@example.com", "");
  await box.check();
  await page.clock.fastForward(MIN_FILL_MS);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(NO_PHONE_TO_TEXT).first()).toBeVisible();
  await expectNoAxeViolations(page, "the box for texts refused without a phone");

  await form.getByLabel(/^Phone/).fill("253-555-0191");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  const history = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.consentHistory("+12535550191"));
  expect(history).toEqual([expect.objectContaining({ event: "given", disclosure: words.text, form: "contact", page: "/contact/" })]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the box posts as a check box: ticked, the consent is kept; the form's own page is the page", async ({ page }) => {
    await page.goto("/contact/");
    const box = page.getByRole("checkbox", { name: "Text me about my enquiry" });
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(words.text);
    await fill(page, "tess-plain@example.com", "253-555-0192");
    await box.check();
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("form-success")).toBeVisible();
    const history = await withStore(BUILD_DAY_SITE.dataDir, (store) => store.consentHistory("+12535550192"));
    expect(history).toEqual([expect.objectContaining({ event: "given", disclosure: words.text, form: "contact", page: "/contact/" })]);
  });
});
