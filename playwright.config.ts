import { chromium, defineConfig } from "@playwright/test";
import { findChromiumSync, TEST_BROWSER_ARGS } from "./scripts/browser.mjs";
import { BUILD_DAY_SERVER_ENV, BUILD_DAY_SITE } from "./tests/support/buildDay";

/**
 * Projects against the production build served by the production server, host/main.ts (run
 * `npm run build` first; `npm test` does):
 * - chromium, tests/e2e/: the pages in a real Chromium (its headless shell where installed), found the
 *   same way scripts/ensure-browser.mjs finds it;
 * - server, tests/server/: no browser. HTTP requests, production servers of their own, scratch builds
 *   and the built files, from Node;
 * - soak, tests/server/twoServers.spec.ts: a server test, in a project of its own to run first.
 * Two served sites: the usual one on this machine's clock (E2E_PORT), and the same build on the build's
 * day (the next port, tests/support/buildDay.ts) for the tests whose dates the server checks.
 */
const PORT = Number(process.env.E2E_PORT ?? 9100);
/** The two-server soak: its own project, listed first (below). */
const SOAK = "twoServers.spec.ts";
/** Where the served site stores form submissions during the tests (emptied at every run). */
export const E2E_DATA_DIR = "tests/.tmp/e2e-data";
const browser = findChromiumSync(process.env, chromium.executablePath(), { headlessShell: true });
// One id per run, set in the runner and inherited by its workers: a scratch build the specs share is
// made once per run (tests/support/smallSite.ts).
process.env.TEST_RUN_ID ??= `${process.pid}-${Date.now()}`;

/** The production server over the build, storing its submissions in `dataDir` (emptied first). */
function servedSite(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node host/serve.mjs`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    // Browser tests send many forms (and bookings) from one address; the limits have their own tests with their own servers.
    env: {
      PORT: String(port),
      HOST: "localhost",
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT_PER_MINUTE: "1000",
      FORM_CEILING_PER_MINUTE: "10000",
      INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "1000",
      ...env,
    },
  };
}

export default defineConfig({
  fullyParallel: true,
  // Three on two cores: a test alternates between Node and the browser and waits on the network and on
  // its servers, so two workers left a core idle. pages.spec.ts alone, on this machine with other work
  // beside it: 2 workers 6.1 and 5.8 min, 3 workers 4.3 min, 4 workers 5.3 min.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: 0,
  // A guard against a hang, not a speed check (speed lives in `npm run bench`): on a slow 2-core
  // machine, tests that visit every page took up to 22 s of the former 30.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // The list as tests end; a JSON report for scripts/test-times.mjs (where the time goes); and the
  // slowest files named at the end of every run; a failed run ends by naming what went wrong.
  reporter: [["list"], ["json", { outputFile: "tests/.tmp/reports/playwright.json" }], ["./tests/support/failureSummary.ts"]],
  reportSlowTests: { max: 10, threshold: 60_000 },
  outputDir: "test-results",
  // No trace by default: recording one for every test cost a fifth of a run's CPU here (content.spec:
  // 44 s of CPU with traces, 36 s without, two runs each), and nobody opens a CI run's traces. To see
  // a failing test step by step: `npx playwright test <file> --trace on`, then `npx playwright show-trace`.
  use: { baseURL: `http://localhost:${PORT}`, trace: "off" },
  // Workers take tests in the order of these projects. The soak comes first: it spends most of its
  // minute waiting for the outbox to mail what its load left (docs/operations.md), and as the last test
  // it ended a CI run on one worker with the machine nearly idle (its last 46 s, 2026-11-29).
  projects: [
    { name: "soak", testDir: "tests/server", testMatch: SOAK },
    {
      name: "chromium",
      testDir: "tests/e2e",
      use: { viewport: { width: 1280, height: 800 }, launchOptions: { executablePath: browser?.path, args: TEST_BROWSER_ARGS } },
    },
    { name: "server", testDir: "tests/server", testIgnore: SOAK },
  ],
  webServer: [
    servedSite(PORT, E2E_DATA_DIR),
    servedSite(Number(new URL(BUILD_DAY_SITE.url).port), BUILD_DAY_SITE.dataDir, BUILD_DAY_SERVER_ENV),
  ],
});
