import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { redirects } from "../../src/redirects";
import { startStaticHost, type StaticHost } from "../support/staticHost";
import { origin } from "./support/site";

/**
 * The old paths of the previous website. The production server answers them with 301s (routes.spec.ts);
 * here each generated redirect page is loaded itself, as a host without redirect rules serves it, and
 * must take the visitor to the new page: by its script, allowed by the page's own Content-Security-Policy,
 * or without scripts by its refresh.
 */

let host: StaticHost;
test.beforeAll(async () => {
  host = await startStaticHost();
});
test.afterAll(async () => {
  await host?.close();
});

/** Opens `asked` on the static host; checks it was the redirect page that answered, and waits to land on `to`. */
async function landsOn(page: Page, asked: string, to: string): Promise<URL> {
  const answer = await page.goto(`${host.url}${asked}`, { waitUntil: "commit" });
  expect(answer?.status(), asked).toBe(200);
  // The host sent the page itself (a folder's address gets its slash), not a redirect to the target.
  expect(new URL(answer!.url()).pathname, asked).toBe(`${asked.split(/[?#]/)[0]!.replace(/\/$/, "")}/`);
  await page.waitForURL((url) => url.pathname === new URL(to, host.url).pathname);
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator("h1")).not.toHaveText("This page has moved");
  return new URL(page.url());
}

test.describe("old paths", () => {
  test("each has a generated redirect page that names its target", () => {
    for (const { from, to } of redirects) {
      const file = path.join("public", from, "index.html");
      expect(fs.existsSync(file), file).toBe(true);
      const html = fs.readFileSync(file, "utf8");
      expect(html).toContain(`<link rel="canonical" href="${origin}${to}"/>`);
      expect(html).toContain(`url=${to}`);
      expect(html).toContain(`<a href="${to}">`);
    }
  });

  test("the build registers each as a permanent redirect for adapter hosts", () => {
    const state = JSON.parse(fs.readFileSync(".cache/redirects.json", "utf8")) as Array<{
      fromPath: string;
      toPath: string;
      isPermanent: boolean;
    }>;
    for (const { from, to } of redirects) {
      for (const fromPath of [from, `${from}/`]) {
        expect(state).toContainEqual(expect.objectContaining({ fromPath, toPath: to, isPermanent: true }));
      }
    }
  });

  for (const { from, to } of redirects) {
    test(`${from}'s redirect page, loaded itself, lands on ${to}`, async ({ page }) => {
      for (const asked of [from, `${from}/`]) {
        const landed = await landsOn(page, asked, to);
        expect(`${landed.pathname}${landed.search}`, asked).toBe(to);
      }
    });
  }

  test("the redirect page keeps the visitor's query and fragment; the target's own parameters win", async ({ page }) => {
    const schedule = await landsOn(page, "/scedule/?program=kids#saturday", "/schedule/");
    expect(schedule.pathname + schedule.search + schedule.hash).toBe("/schedule/?program=kids#saturday");

    const contact = await landsOn(page, "/retail-store/?utm_source=flyer&interest=coaching", "/contact/");
    expect(contact.searchParams.getAll("interest")).toEqual(["membership"]);
    expect(contact.searchParams.get("utm_source")).toBe("flyer");
  });

  test("without scripts, the redirect page's refresh still leads on", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { from, to } of redirects) {
      const answer = await page.goto(`${host.url}${from}/`, { waitUntil: "commit" });
      expect(answer?.url(), from).toBe(`${host.url}${from}/`);
      await page.waitForURL(`${host.url}${to}`);
    }
    await context.close();
  });

  test("on the production server, the 301 keeps the visitor's query and the browser the fragment", async ({ page }) => {
    await page.goto("/scedule/?program=kids#saturday");
    await page.waitForURL(/\/schedule\//);
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search + landed.hash).toBe("/schedule/?program=kids#saturday");
  });
});
