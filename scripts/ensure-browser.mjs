#!/usr/bin/env node
/**
 * Makes sure the end-to-end tests have a Chromium. When none is found it installs one: Debian's
 * chromium-headless-shell when running as root with apt-get (what the tests prefer: scripts/browser.mjs
 * says why), else Playwright's own build. Exits non-zero with a hint when that is impossible.
 */
import { spawnSync } from "node:child_process";
import { findChromium } from "./browser.mjs";

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

const HINT = `No Chromium found for the end-to-end tests. Install one of:
  - Debian/Ubuntu:  sudo apt-get install -y chromium-headless-shell (or chromium)
  - Playwright:     npx playwright install chromium
  - or point CHROMIUM_PATH at any Chromium or Chrome binary.`;

async function main() {
  let found = await findChromium(process.env, { headlessShell: true });
  if (!found) {
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
    if (isRoot && hasApt) {
      run("apt-get", ["update", "-qq"]);
      run("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"]);
    } else {
      run("npx", ["playwright", "install", "chromium"]);
    }
    found = await findChromium(process.env, { headlessShell: true });
  }
  if (!found) {
    console.error(HINT);
    process.exit(1);
  }
  console.log(`Chromium for end-to-end tests: ${found.path} (${found.source})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(HINT);
  process.exit(1);
});
