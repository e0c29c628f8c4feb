/**
 * Finds a Chromium for the end-to-end tests, in this order: CHROMIUM_PATH (or
 * PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), Debian's headless shell (for the tests only), Debian's
 * /usr/bin/chromium, then Playwright's own download. Shared by scripts/ensure-browser.mjs and
 * playwright.config.ts.
 *
 * The tests prefer the headless shell, the browser Playwright itself runs headless tests in: the same
 * Blink and V8 as the full browser without its window machinery. The full browser's headless mode
 * spent twice the CPU here (the same 21 page tests: 131 CPU-seconds and 72 s against 64 and 36 s).
 * The benchmark and the tools that measure what a visitor's browser does keep the full browser.
 */
import fs from "node:fs";

/** Debian's chromium-headless-shell package (its /usr/bin entry is a shell script that runs this). */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** The end-to-end tests' Chromium switches (playwright.config.ts; a test that launches its own browser). */
export const TEST_BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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
 * @param {{ headlessShell?: boolean }} [options] headlessShell: for the tests, Debian's headless shell first
 * @returns {{ path: string, source: string } | undefined}
 */
export function findChromiumSync(env, playwrightPath, { headlessShell = false } = {}) {
  for (const name of ["CHROMIUM_PATH", "PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH"]) {
    const value = env[name];
    if (value) {
      if (!isExecutable(value)) throw new Error(`${name} is set to "${value}", which is not an executable file.`);
      return { path: value, source: name };
    }
  }
  const shells = headlessShell ? [HEADLESS_SHELL] : [];
  for (const candidate of [...shells, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (isExecutable(candidate)) return { path: candidate, source: candidate === HEADLESS_SHELL ? "Debian's headless shell" : "system" };
  }
  return playwrightPath && isExecutable(playwrightPath) ? { path: playwrightPath, source: "playwright" } : undefined;
}

/**
 * @param {Record<string, string | undefined>} [env]
 * @param {{ headlessShell?: boolean }} [options]
 * @returns {Promise<{ path: string, source: string } | undefined>}
 */
export async function findChromium(env = process.env, options = {}) {
  return findChromiumSync(env, await playwrightChromium(), options);
}
