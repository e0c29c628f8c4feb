import { expect, test, type Page } from "@playwright/test";
import { gotoReady } from "./support/page";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function linkTexts(page: Page, selector: string): Promise<string[]> {
  return nav(page)
    .locator(selector)
    .evaluateAll((elements) =>
      elements.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => (el.textContent ?? "").trim()),
    );
}

test.describe("desktop navigation", () => {
  test("main links in order, the utility cluster apart, the current page marked", async ({ page }) => {
    await gotoReady(page, "/rates/");
    const main = nav(page).locator("ul").first();
    expect(await main.locator(":scope > li > a, :scope > li > button").allTextContents()).toEqual([
      "Home",
      "About Us",
      "Rates",
      "Membership",
    ]);
    const utility = nav(page).locator(":scope > ul").nth(1);
    expect(await utility.getByRole("link").allTextContents()).toEqual(["Announcements", "Schedule", "Contact"]);
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText("Rates");
    await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("the membership group opens by keyboard and closes with Escape", async ({ page }) => {
    await gotoReady(page, "/");
    const button = nav(page).getByRole("button", { name: "Membership" });
    await button.focus();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    expect(await linkTexts(page, "li ul a")).toEqual(["Hold & Cancel", "Policies", "Sign Up"]);
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Hold & Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("the group opens by tap (click) and leads to its pages", async ({ page }) => {
    await gotoReady(page, "/");
    await nav(page).getByRole("button", { name: "Membership" }).click();
    await nav(page).getByRole("link", { name: "Policies" }).click();
    await expect(page).toHaveURL(/\/membership\/policies\/$/);
    await expect(nav(page).getByRole("button", { name: "Membership" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a menu button opens one list with Contact last", async ({ page }) => {
    await gotoReady(page, "/");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(nav(page)).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav(page)).toBeVisible();
    const items = await nav(page)
      .locator(":scope > ul > li > a, :scope > ul > li > button")
      .evaluateAll((elements) => elements.map((el) => (el.textContent ?? "").trim()));
    expect(items).toEqual(["Home", "About Us", "Rates", "Membership", "Announcements", "Schedule", "Contact"]);
  });

  test("Escape closes the menu and returns focus to its button; focus stays inside while open", async ({ page }) => {
    await gotoReady(page, "/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    // Tabbing past the last control wraps to the first one inside the header.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inHeader = await page.evaluate(() => Boolean(document.activeElement?.closest("header")));
      expect(inHeader).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });

  test("following a link closes the menu", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    await nav(page).getByRole("link", { name: "Schedule" }).click();
    await expect(page).toHaveURL(/\/schedule\/$/);
    await expect(nav(page)).toBeHidden();
  });
});
