import { expect, test, type Page } from "@playwright/test";
import { isInNav } from "../../src/navigation";
import { routes } from "../../src/routes";
import { gotoReady, holdScripts } from "./support/page";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** The menu disclosure's summary (the menu button on phones). */
const menuButton = (page: Page) => page.locator("header summary", { hasText: "Menu" });
/** A navigation group's <details>, by its summary's text. */
const group = (page: Page, name: string) => nav(page).locator("details", { has: page.locator("summary", { hasText: name }) });

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
    expect(await main.locator(":scope > li > a, :scope > li > details > summary").allTextContents()).toEqual([
      "Home",
      "WOD",
      "About",
      "Rates",
      "Coaches",
      "Membership",
    ]);
    const utility = nav(page).locator(":scope > ul").nth(1);
    expect(await utility.getByRole("link").allTextContents()).toEqual(["News", "Events", "Schedule", "Contact"]);
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText("Rates");
    await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("the membership group opens by keyboard and closes with Escape", async ({ page }) => {
    await gotoReady(page, "/");
    const membership = group(page, "Membership");
    const summary = membership.locator("summary");
    await summary.focus();
    await expect(membership).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(membership).toHaveAttribute("open");
    expect(await linkTexts(page, "li ul a")).toEqual(["Hold & Cancel", "Policies", "Sign Up"]);
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Hold & Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(membership).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
  });

  test("the group opens by tap (click), closes on a tap elsewhere, and leads to its pages", async ({ page }) => {
    await gotoReady(page, "/");
    const membership = group(page, "Membership");
    await membership.locator("summary").click();
    await page.locator("main h1").click();
    await expect(membership).not.toHaveAttribute("open");
    await membership.locator("summary").click();
    await nav(page).getByRole("link", { name: "Policies" }).click();
    await expect(page).toHaveURL(/\/membership\/policies\/$/);
    await expect(membership).not.toHaveAttribute("open");
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a menu button opens one list with Contact last", async ({ page }) => {
    await gotoReady(page, "/");
    await expect(nav(page)).toBeHidden();
    await menuButton(page).click();
    await expect(page.locator("header details").first()).toHaveAttribute("open");
    await expect(nav(page)).toBeVisible();
    const items = await nav(page)
      .locator(":scope > ul > li > a, :scope > ul > li > details > summary")
      .evaluateAll((elements) => elements.map((el) => (el.textContent ?? "").trim()));
    expect(items).toEqual(["Home", "WOD", "About", "Rates", "Coaches", "Membership", "News", "Events", "Schedule", "Contact"]);
  });

  test("Escape closes the menu and returns focus to its button; focus stays inside while open", async ({ page }) => {
    await gotoReady(page, "/");
    await menuButton(page).click();
    // Tabbing past the last control wraps to the first one inside the header.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inHeader = await page.evaluate(() => Boolean(document.activeElement?.closest("header")));
      expect(inHeader).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(nav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test("following a link closes the menu", async ({ page }) => {
    await gotoReady(page, "/");
    await menuButton(page).click();
    await nav(page).getByRole("link", { name: "Schedule" }).click();
    await expect(page).toHaveURL(/\/schedule\/$/);
    await expect(nav(page)).toBeHidden();
  });

  test("while the page's scripts are still on their way, the menu opens and its links work", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await menuButton(page).click();
    await expect(nav(page)).toBeVisible();
    await group(page, "Membership").locator("summary").click();
    await nav(page).getByRole("link", { name: "Policies" }).click();
    await expect(page).toHaveURL(/\/membership\/policies\/$/);
    release();
  });
});

test.describe("without JavaScript", () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  test("the menu opens at 375 px and every route-table link in it can be followed", async ({ page }) => {
    const shown = routes.filter(isInNav);
    expect(shown.length).toBeGreaterThan(5);
    for (const route of shown) {
      await page.goto("/");
      await expect(nav(page)).toBeHidden();
      await menuButton(page).click();
      await expect(nav(page)).toBeVisible();
      let link = nav(page).locator(`a[href="${route.path}"]`).first();
      if (!(await link.isVisible())) {
        // Inside a group: its disclosure opens without JavaScript too.
        const closed = nav(page).locator("details:not([open])", { has: page.locator(`a[href="${route.path}"]`) });
        await closed.locator("summary").click();
        link = nav(page).locator(`a[href="${route.path}"]`).first();
      }
      await expect(link, route.path).toBeVisible();
      await link.click();
      await expect(page, route.path).toHaveURL(new RegExp(`${route.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await expect(page.locator("main h1"), route.path).toBeVisible();
    }
  });
});
