import fs from "node:fs";
import { zonedToday } from "../../src/time/today";

/**
 * The build's day, for the tests whose dates the server checks (a form's start date, a follow-up due
 * today): the instant `npm run build:test` dates the build (BUILD_TIME in package.json, noon at the gym),
 * which the served site on the build's day also takes as its clock (TEST_SERVER_TIME, README). A test,
 * its browser and that server then agree on today wherever the run falls, midnight at the gym included:
 * the server's clock starts at noon and would need twelve hours of tests to reach the next day.
 */
const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const pinned = /\bBUILD_TIME=(\S+)/.exec(scripts["build:test"] ?? "")?.[1];
if (!pinned) throw new Error('package.json\'s "build:test" script sets no BUILD_TIME');

export const BUILD_INSTANT = new Date(pinned);

const timeZone = (JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { timeZone: string }).timeZone;

/** The build's day at the gym, YYYY-MM-DD: "today" for the server and browser of these tests. */
export const BUILD_DAY = zonedToday(BUILD_INSTANT, timeZone).date;

/** The settings that set a production server's clock to the build's instant (src/server/config.ts). */
export const BUILD_DAY_SERVER_ENV = { NODE_ENV: "test", TEST_SERVER_TIME: BUILD_INSTANT.toISOString() } as const;

/** The served site on the build's day (playwright.config.ts starts it beside the usual one). */
export const BUILD_DAY_SITE = {
  url: `http://localhost:${Number(process.env.E2E_PORT ?? 9100) + 1}`,
  /** Where it stores submissions (emptied at every run). */
  dataDir: "tests/.tmp/e2e-build-day-data",
};

const loadedAt = Date.now();

/**
 * Now on the build's day, moving on as the tests run: for what a test writes into the store itself
 * (a lead, a session), so the server finds it made when its own clock says, not days later.
 */
export function nowOnBuildDay(): Date {
  return new Date(BUILD_INSTANT.getTime() + (Date.now() - loadedAt));
}
