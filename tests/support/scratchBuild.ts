import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Builds the site in a scratch copy of the project (its own .cache and public), so a test can build
 * with other content or settings without touching the site's own build. Only node_modules is linked:
 * Gatsby compiles its config files in place and keys static queries by real file path, so the code is
 * copied.
 */
const LINKED = ["node_modules"];
const COPIED = [
  "src",
  "host",
  "static",
  "server-options",
  "plugins",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "package.json",
  "tsconfig.json",
];

/**
 * How long one scratch build may run before it is stopped. A guard against a hung build, not a speed
 * target: on a slow 2-core machine, with another scratch build and the browser tests running beside it,
 * one took over 170 s (and the site's own build takes about 5 minutes alone there); with other work
 * loading that machine twentyfold, the small site's build was still bundling after 480 s.
 */
export const BUILD_TIMEOUT_MS = 900_000;

/**
 * A test's timeout for `builds` scratch builds and a minute of its own work. spawnSync blocks the
 * worker, so Playwright cannot stop a build: the build's own timeout must end first, leaving the test
 * time to report the build's output.
 */
export function timeoutForBuilds(builds: number): number {
  return builds * BUILD_TIMEOUT_MS + 60_000;
}

export interface ScratchBuild {
  dir: string;
  status: number | null;
  output: string;
}

/** `content` is the fixture folder that becomes the scratch project's content/. */
export function scratchBuild(name: string, content: string, env: Record<string, string> = {}): ScratchBuild {
  const root = process.cwd();
  const dir = path.join(root, "tests/.tmp", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of LINKED) fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  for (const entry of COPIED) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  fs.cpSync(content, path.join(dir, "content"), { recursive: true });
  return buildIn(dir, env);
}

/**
 * Runs `gatsby build` again in an existing scratch project, keeping its .cache (an incremental build).
 *
 * Without minifying the JavaScript (`--no-uglify`, Gatsby's own option): Terser was two thirds of the
 * small site's bundling, 155 CPU-seconds a build with it against 99 without. What the scratch builds
 * are for (which tags a page carries and what they load, what an incremental build re-renders) does
 * not depend on it; the site's own build, whose sizes the budgets check, is minified.
 */
export function buildIn(dir: string, env: Record<string, string> = {}): ScratchBuild {
  const result = spawnSync(path.join(process.cwd(), "node_modules/.bin/gatsby"), ["build", "--no-uglify"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1", ...env },
    timeout: BUILD_TIMEOUT_MS,
  });
  // A build stopped at its limit has no status: say so, or the failure reads as a build that failed.
  const stopped = result.signal ? `\nThe build was stopped (${result.signal}) after ${BUILD_TIMEOUT_MS / 1000} s.` : "";
  const failed = result.error ? `\n${result.error.message}` : "";
  return { dir, status: result.status, output: `${result.stdout}\n${result.stderr}${stopped}${failed}` };
}
