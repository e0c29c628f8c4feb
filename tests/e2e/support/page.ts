import type { Page } from "@playwright/test";

/** Opens a page and waits until React has taken over the static HTML (menus and filters respond). */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Holds back every script file the page asks for, so the test sees the page as a visitor does before
 * its JavaScript has arrived (on a slow phone, for seconds). Call the returned function to let them
 * through; the page then goes live as usual. Open the page with `waitUntil: "domcontentloaded"`: its
 * load event may wait for a held script.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
