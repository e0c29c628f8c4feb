/**
 * Serves the production build (`npm run build` first) on a port of its own and opens Chromium on it,
 * for the scripts that look at the built site (screenshots, font metrics).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "./browser.mjs";

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

/** Runs `work(browser, origin)` against the served build, then stops the server and the browser. */
export async function withBuiltSite(port, work) {
  if (!fs.existsSync("public/index.html")) throw new Error("No build found: run `npm run build` first.");
  const browserPath = (await findChromium())?.path;
  const server = spawn("npx", ["gatsby", "serve", "--port", String(port)], {
    stdio: "ignore",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    detached: true,
  });
  try {
    const origin = `http://localhost:${port}`;
    await waitFor(`${origin}/`);
    const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      await work(browser, origin);
    } finally {
      await browser.close();
    }
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}

/** The site's page paths, from the URL fixture the tests keep in step with the route table. */
export function sitePages() {
  return JSON.parse(fs.readFileSync("tests/fixtures/urls.json", "utf8")).pages;
}
