#!/usr/bin/env node
/**
 * Screenshots of every page at 375px and 1280px, full height, into screenshots/ (git-ignored), so
 * anyone can review the look in a minute. Needs a build (`npm run build`); serves it itself.
 *
 *   npm run screenshots                 every page
 *   npm run screenshots -- /rates/      only the pages given
 *   npm run screenshots -- --editor     the web editor's three common edits, for CONTENT.md (docs/editor/),
 *                                       taken by its browser test on a scratch copy of content/
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sitePages, withBuiltSite } from "./builtSite.mjs";

const PORT = Number(process.env.SCREENSHOT_PORT ?? 9300);
const OUT = path.resolve("screenshots");
const WIDTHS = [375, 1280];

function editorScreenshots() {
  const dir = path.resolve("docs/editor");
  fs.mkdirSync(dir, { recursive: true });
  const run = spawnSync("npx", ["playwright", "test", "tests/e2e/cms.spec.ts"], {
    stdio: "inherit",
    env: { ...process.env, EDITOR_SCREENSHOTS_DIR: dir },
  });
  process.exit(run.status ?? 1);
}

async function main() {
  if (process.argv.includes("--editor")) return editorScreenshots();
  const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : sitePages();
  await withBuiltSite(PORT, async (browser, origin) => {
    fs.mkdirSync(OUT, { recursive: true });
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const pagePath of pages) {
        await page.goto(`${origin}${pagePath}`, { waitUntil: "networkidle" });
        const name = pagePath === "/" ? "home" : pagePath.replace(/^\/|\/$/g, "").replace(/\//g, "_");
        const file = path.join(OUT, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(process.cwd(), file));
      }
      await page.close();
    }
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
