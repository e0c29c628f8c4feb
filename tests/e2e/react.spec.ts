import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { sourceMapOf } from "../../src/node/sourceMaps";
import { gotoReady } from "./support/page";

/**
 * The gym asked for React: the pages visitors get run React 18 itself, as the HTML renderer and the
 * unit tests do, not a stand-in.
 */
test("React renders the page: its root marker is on the page's root, and react-dom is in the scripts it ran", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await gotoReady(page, "/");
  // createRoot and hydrateRoot mark their container with a "__reactContainer$…" property.
  const marked = await page.evaluate(() =>
    Object.keys(document.getElementById("___gatsby") ?? {}).some((key) => key.startsWith("__reactContainer$")),
  );
  expect(marked).toBe(true);
  expect(await page.evaluate(() => "preact" in window || "__PREACT_DEVTOOLS__" in window)).toBe(false);

  // What each script was built from, by its source map in the build.
  const sources = scripts.flatMap((script) => {
    const map = sourceMapOf(script);
    return map ? (JSON.parse(fs.readFileSync(map, "utf8")) as { sources: string[] }).sources : [];
  });
  expect(scripts.length).toBeGreaterThan(2);
  expect(sources.some((source) => source.includes("node_modules/react-dom/cjs/react-dom.production.min.js"))).toBe(true);
  expect(sources.filter((source) => /node_modules\/preact/.test(source))).toEqual([]);
});
