/**
 * Finds a Chromium for the end-to-end tests, in this order: CHROMIUM_PATH (or
 * PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), Debian's /usr/bin/chromium, then Playwright's own download.
 * Shared by scripts/ensure-browser.mjs and playwright.config.ts.
 */
import fs from "node:fs";

export function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function playwrightChromium() {
  try {
    const { chromium } = await import("@playwright/test");
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * @param {Record<string, string | undefined>} env
 * @param {string | undefined} playwrightPath Playwright's own Chromium, when known
 * @returns {{ path: string, source: string } | undefined}
 */
export function findChromiumSync(env, playwrightPath) {
  for (const name of ["CHROMIUM_PATH", "PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH"]) {
    const value = env[name];
    if (value) {
      if (!isExecutable(value)) throw new Error(`${name} is set to "${value}", which is not an executable file.`);
      return { path: value, source: name };
    }
  }
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (isExecutable(candidate)) return { path: candidate, source: "system" };
  }
  return playwrightPath && isExecutable(playwrightPath) ? { path: playwrightPath, source: "playwright" } : undefined;
}

/** @returns {Promise<{ path: string, source: string } | undefined>} */
export async function findChromium(env = process.env) {
  return findChromiumSync(env, await playwrightChromium());
}
