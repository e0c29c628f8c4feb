import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

test.describe("unknown paths", () => {
  test("answer 404 with the page-not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page/");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Oh No! 404 - Page Not Found!");
    await expect(page.getByText("Page not found: /no-such-page/")).toBeVisible();
    const home = page.getByRole("link", { name: "Go back home" });
    await expect(home).toHaveAttribute("href", "/");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("work for deep paths too", async ({ request }) => {
    const response = await request.get("/programs/yoga/");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oh No! 404 - Page Not Found!");
  });
});

/** Makes the About page throw while rendering: its page data names a route that does not exist. */
async function breakAboutPage(page: import("@playwright/test").Page) {
  await page.route("**/page-data/about/page-data.json", async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.result.pageContext.routePath = "/no-such-route/";
    await route.fulfill({ response, json });
  });
}

test.describe("a page that fails to render in the browser", () => {
  test("shows the error, its message and a way home", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await breakAboutPage(page);
    // Hydrated first: the About link must be a client-side navigation, which loads the broken page data.
    await gotoReady(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await expect(page.locator("h1")).toHaveText("Something went wrong (Error)");
    await expect(page.getByTestId("error-message")).toHaveText('No route in src/routes.ts for "/no-such-route/"');
    await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    expect(errors.some((text) => text.includes("Page failed to render"))).toBe(true);
    // Its head too names what happened, and the page as it stands passes axe.
    await expect(page).toHaveTitle(/^Something went wrong \| /);
    await expectNoAxeViolations(page, "the page that failed to render");
    // The header and footer stay, so the visitor can go on from here.
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page.locator("h1")).not.toHaveText(/Something went wrong/);
  });

  test("shows nothing extra to crawlers", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    const page = await context.newPage();
    await breakAboutPage(page);
    // Hydrated first: the About link must be a client-side navigation, which loads the broken page data.
    await gotoReady(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(/\/about\/$/);
    // On the page that failed (its head says noindex), before looking for what is not there.
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("main")).toBeEmpty();
    // The page's own content, not Gatsby's route announcer beside it: that live region reads the new
    // title out ("Navigated to Something went wrong | ...") a frame after the navigation, and the title
    // goes with a noindex, so a crawler that renders it indexes nothing.
    await expect(page.locator("#gatsby-focus-wrapper").getByText("Something went wrong")).toHaveCount(0);
    await context.close();
  });
});
