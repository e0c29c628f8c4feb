import fs from "node:fs";
import path from "node:path";
import { BUILD_TIMEOUT_MS, buildIn, scratchBuild } from "./scratchBuild";

/**
 * The small-content fixture site (tests/fixtures/small-content) with both analytics ids, built once
 * per `playwright test` run and shared: analytics.spec.ts serves and reads it; rebuild.spec.ts reads it
 * again after CSS_EDIT and a second, incremental build in the same folder. The first worker to ask
 * makes both builds, one after the other, so the second never runs alone at the end of a run (it used
 * to: the last 55 s of a CI run with one worker idle); any other worker waits for them.
 *
 * The builds run in `build` (its .cache holds absolute paths, so the incremental build must run
 * there). The first build is copied to `served` before the edit, so the analytics tests serve the first
 * build, and rebuild.spec.ts compares that copy with the second.
 */
export const ANALYTICS_IDS = { GATSBY_GA_MEASUREMENT_ID: "G-TEST1234", GATSBY_GTM_ID: "GTM-TEST123" } as const;

/** How many builds smallSite() makes, for the timeouts of the tests that wait for it. */
export const SMALL_SITE_BUILDS = 2;

/** The edit between the two builds: one colour of the site's CSS, and nothing else. */
export const CSS_EDIT = { file: "src/styles/tokens.css", from: "#ffd166", to: "#ffd167" } as const;

interface Build {
  status: number | null;
  output: string;
}

export interface SmallSite extends Build {
  /** The scratch project, as the second build left it. */
  build: string;
  /** A copy of the project as the first build left it, to serve and read. */
  served: string;
  /** The incremental build after CSS_EDIT (not made when the first build failed). */
  rebuild: Build | null;
}

const ROOT = process.cwd();
const TMP = path.join(ROOT, "tests/.tmp");
const BUILD = path.join(TMP, "small-site");
const SERVED = path.join(TMP, "small-site-served");
const RESULT = path.join(TMP, "small-site.json");
/** The build's .cache files the production server reads (host/site.ts, host/functions.ts). */
const SERVED_CACHE = ["csp.json", "functions/manifest.json"];
/** A waiting worker gives up once the build must have ended (its own limit) and been copied. */
const WAIT_LIMIT_MS = SMALL_SITE_BUILDS * BUILD_TIMEOUT_MS + 120_000;

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
    let rebuild: Build | null = null;
    if (build.status === 0) {
      copyServed();
      const css = path.join(BUILD, CSS_EDIT.file);
      fs.writeFileSync(css, fs.readFileSync(css, "utf8").replaceAll(CSS_EDIT.from, CSS_EDIT.to));
      // The same settings as the first build, so only the CSS differs.
      const second = buildIn(BUILD, { ...ANALYTICS_IDS });
      rebuild = { status: second.status, output: second.output };
    }
    const result = { runId: runId(), build: BUILD, served: SERVED, status: build.status, output: build.output, rebuild };
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
    rebuild: null,
    status: null,
    output: `Another worker's build of the small site did not end in ${WAIT_LIMIT_MS / 1000} s.`,
  };
}
