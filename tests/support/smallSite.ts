import fs from "node:fs";
import path from "node:path";
import { BUILD_TIMEOUT_MS, scratchBuild } from "./scratchBuild";

/**
 * The small-content fixture site (tests/fixtures/small-content) with both analytics ids, built once
 * per `playwright test` run and shared: analytics.spec.ts serves and reads it, rebuild.spec.ts builds
 * it again after a CSS edit. The first worker to ask builds it; any other waits for that build.
 *
 * The build stays in `build` (its .cache holds absolute paths, so the incremental build must run
 * there). What the production server needs to serve it is copied to `served`, which no later build
 * touches, so the analytics tests see the first build whenever rebuild.spec.ts runs.
 */
export const ANALYTICS_IDS = { GATSBY_GA_MEASUREMENT_ID: "G-TEST1234", GATSBY_GTM_ID: "GTM-TEST123" } as const;

export interface SmallSite {
  /** The scratch project that was built, for another build in place. */
  build: string;
  /** A copy of the built site, to serve and read. */
  served: string;
  status: number | null;
  output: string;
}

const ROOT = process.cwd();
const TMP = path.join(ROOT, "tests/.tmp");
const BUILD = path.join(TMP, "small-site");
const SERVED = path.join(TMP, "small-site-served");
const RESULT = path.join(TMP, "small-site.json");
/** The build's .cache files the production server reads (host/site.ts, host/functions.ts). */
const SERVED_CACHE = ["csp.json", "functions/manifest.json"];
/** A waiting worker gives up once the build must have ended (its own limit) and been copied. */
const WAIT_LIMIT_MS = BUILD_TIMEOUT_MS + 120_000;

/** Set by playwright.config.ts once per run, inherited by its workers. */
function runId(): string {
  return process.env.TEST_RUN_ID ?? `process-${process.pid}`;
}

function readResult(): (SmallSite & { runId: string }) | undefined {
  try {
    const result = JSON.parse(fs.readFileSync(RESULT, "utf8")) as SmallSite & { runId: string };
    return result.runId === runId() ? result : undefined;
  } catch {
    return undefined;
  }
}

/** Everything but node_modules (linked) and .cache (only the files the server reads). */
function copyServed(): void {
  fs.rmSync(SERVED, { recursive: true, force: true });
  fs.mkdirSync(SERVED, { recursive: true });
  for (const entry of fs.readdirSync(BUILD)) {
    if (entry === "node_modules") fs.symlinkSync(path.join(ROOT, entry), path.join(SERVED, entry));
    else if (entry !== ".cache") fs.cpSync(path.join(BUILD, entry), path.join(SERVED, entry), { recursive: true });
  }
  for (const file of SERVED_CACHE) {
    fs.mkdirSync(path.dirname(path.join(SERVED, ".cache", file)), { recursive: true });
    fs.copyFileSync(path.join(BUILD, ".cache", file), path.join(SERVED, ".cache", file));
  }
}

export async function smallSite(): Promise<SmallSite> {
  const done = readResult();
  if (done) return done;
  fs.mkdirSync(TMP, { recursive: true });
  // mkdir is atomic: exactly one worker of this run gets the lock and builds.
  const lock = path.join(TMP, `small-site-${runId()}.lock`);
  let builder = true;
  try {
    fs.mkdirSync(lock);
  } catch {
    builder = false;
  }
  if (builder) {
    for (const entry of fs.readdirSync(TMP)) {
      if (/^small-site-.*\.lock$/.test(entry) && path.join(TMP, entry) !== lock) fs.rmSync(path.join(TMP, entry), { recursive: true });
    }
    const build = scratchBuild("small-site", path.join(ROOT, "tests/fixtures/small-content"), { ...ANALYTICS_IDS });
    if (build.status === 0) copyServed();
    const result = { runId: runId(), build: BUILD, served: SERVED, status: build.status, output: build.output };
    fs.writeFileSync(RESULT, JSON.stringify(result));
    return result;
  }
  const end = Date.now() + WAIT_LIMIT_MS;
  while (Date.now() < end) {
    const result = readResult();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    build: BUILD,
    served: SERVED,
    status: null,
    output: `Another worker's build of the small site did not end in ${WAIT_LIMIT_MS / 1000} s.`,
  };
}
