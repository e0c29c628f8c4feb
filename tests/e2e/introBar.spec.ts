import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";

/**
 * The phone's "Book a free intro" bar (src/components/IntroBar.tsx): always in reach at the bottom of
 * a small screen, never over the footer or the end of the page, never over what the keyboard focuses,
 * and absent where it has no business. Its layout shift (none) is accessibility.spec.ts's CLS check at 375 px.
 */
const PHONE = { width: 375, height: 667 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const bar = (page: Page) => page.getByRole("complementary", { name: "Free intro" });

async function rects(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { top: rect.top, bottom: rect.bottom } : null;
    };
    const main = document.querySelector("main");
    // The last piece of the page's own content, wherever it ends.
    const last = main ? (Array.from(main.querySelectorAll("p, li, a, h2, h3, dd, td")).pop() ?? null) : null;
    return {
      viewport: window.innerHeight,
      bar: box(document.querySelector("[data-intro-bar]")),
      footer: box(document.querySelector("footer")),
      last: box(last),
    };
  });
}

test("on a phone the bar sits at the bottom of the screen, links to the intro, and at the end lies below the footer", async ({ page }) => {
  await gotoReady(page, "/schedule/");
  await expect(bar(page).getByRole("link", { name: "Book a Free Intro" })).toHaveAttribute("href", "/intro/");
  const top = await rects(page);
  expect(top.bar?.bottom).toBeCloseTo(top.viewport, 0);
  expect(top.footer?.top ?? 0, "the footer starts below the screen").toBeGreaterThan(top.viewport);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await rects(page)).footer?.top ?? 0).toBeLessThan(PHONE.height);
  const end = await rects(page);
  expect(end.bar?.bottom).toBeCloseTo(end.viewport, 0);
  expect(end.bar && end.footer && end.footer.bottom <= end.bar.top + 0.5, "the footer ends above the bar, not under it").toBe(true);
  expect(end.bar && end.last && end.last.bottom <= end.bar.top + 0.5, "the page's last content is above the bar").toBe(true);
  await expectNoAxeViolations(page, "/schedule/ on a phone, scrolled to the end");
});

test("what the keyboard focuses is never under the bar", async ({ page }) => {
  await gotoReady(page, "/");
  let checked = 0;
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press("Tab");
    const place = await page.evaluate(() => {
      const focused = document.activeElement;
      const barBox = document.querySelector("[data-intro-bar]")?.getBoundingClientRect();
      if (!focused || focused === document.body || !barBox || focused.closest("[data-intro-bar], footer")) return null;
      const rect = focused.getBoundingClientRect();
      return { label: (focused.textContent ?? "").trim().slice(0, 30), bottom: rect.bottom, barTop: barBox.top };
    });
    if (!place) continue;
    checked += 1;
    expect(place.bottom, `"${place.label}" is above the bar`).toBeLessThanOrEqual(place.barTop + 0.5);
  }
  expect(checked, "the walk focused links in the page").toBeGreaterThan(20);
});

test("no bar on a wide screen, on the intro's own pages, on a form to finish, or for parents on the kids' pages", async ({ page }) => {
  for (const path of [
    "/intro/",
    "/intro/cancel/",
    "/programs/crossfitkids/",
    "/programs/crossfitkids/trial/",
    "/programs/crossfitkids/trial/cancel/",
    "/membership/signup/",
    "/membership/membershipHold/",
    "/privacy/request/",
    "/drop-in/",
  ]) {
    await gotoReady(page, path);
    await expect(bar(page), path).toHaveCount(0);
  }
  await gotoReady(page, "/announcements/");
  await expect(bar(page)).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(bar(page)).toBeHidden();
});
