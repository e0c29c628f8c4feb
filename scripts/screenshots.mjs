#!/usr/bin/env node
/**
 * Screenshots of every page at 375px and 1280px, full height, into screenshots/ (git-ignored), so
 * anyone can review the look in a minute. Needs a build (`npm run build`); serves it itself.
 *
 *   npm run screenshots                 every page
 *   npm run screenshots -- /rates/      only the pages given
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findChromium } from "./browser.mjs";

const PORT = Number(process.env.SCREENSHOT_PORT ?? 9300);
const OUT = path.resolve("screenshots");
const WIDTHS = [375, 1280];

async function waitFor(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

async function main() {
  if (!fs.existsSync("public/index.html")) throw new Error("No build found: run `npm run build` first.");
  const urls = JSON.parse(fs.readFileSync("tests/fixtures/urls.json", "utf8"));
  const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : urls.pages;
  const browserPath = (await findChromium())?.path;
  const server = spawn("npx", ["gatsby", "serve", "--port", String(PORT)], {
    stdio: "ignore",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    detached: true,
  });
  try {
    await waitFor(`http://localhost:${PORT}/`);
    const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-gpu"] });
    fs.mkdirSync(OUT, { recursive: true });
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const pagePath of pages) {
        await page.goto(`http://localhost:${PORT}${pagePath}`, { waitUntil: "networkidle" });
        const name = pagePath === "/" ? "home" : pagePath.replace(/^\/|\/$/g, "").replace(/\//g, "_");
        const file = path.join(OUT, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(process.cwd(), file));
      }
      await page.close();
    }
    await browser.close();
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
