import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { redirects } from "../../src/redirects";
import { origin } from "./support/site";

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
    test(`${from} lands on ${to} in the browser`, async ({ page }) => {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to.split("?")[0]);
      const landed = new URL(page.url());
      expect(`${landed.pathname}${landed.search}`).toBe(to);
      await expect(page.locator("h1")).toBeVisible();
    });
  }

  test("the visitor's query and fragment are kept", async ({ page }) => {
    await page.goto("/scedule/?program=kids#saturday");
    await page.waitForURL(/\/schedule\//);
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search + landed.hash).toBe("/schedule/?program=kids#saturday");

    await page.goto("/retail-store?utm_source=flyer");
    await page.waitForURL(/\/contact\//);
    const contact = new URL(page.url());
    expect(contact.searchParams.get("interest")).toBe("membership");
    expect(contact.searchParams.get("utm_source")).toBe("flyer");
  });

  test("without scripts, the page still leads on", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/fundementals");
    await page.waitForURL(/\/programs\/foundations\/$/);
    await context.close();
  });
});
