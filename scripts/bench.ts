/**
 * The performance benchmark: cold build time, rebuild time after one markdown change, then Lighthouse
 * (default mobile settings) on every page of the route table and the newest announcement, each run
 * followed by a run of the reference site's home page (a stock Gatsby 5 + React 18 starter's build,
 * served by the same server code with the same compression). Lighthouse's simulated phone CPU moves by
 * several times from one machine to the next, so speed budgets are ratios against that reference,
 * measured in the same run. Prints a table, writes bench/results.json and bench/results.md, and exits
 * 1 when a budget is missed.
 *
 *   npm run bench                                   everything, median of 5 (about an hour on 2 cores)
 *   npm run bench -- --skip-build --runs 3 --pages /,/about/
 *   npm run bench -- --skip-build --site DIR        another build of the site (DIR holds public/ and .cache/)
 *   npm run bench -- --reference PATH | --no-reference
 *   npm run bench -- --desktop-runs 1 --save-reports (desktop preset too; each report in bench/reports/)
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Express } from "express";
import { createApp, createStaticApp } from "../host/app";
import { announcementSlug } from "../src/content/slugs";
import { announcementPath, pathTo, routes } from "../src/routes";
import { findChromium } from "./browser.mjs";
import { BUDGETS, KB, kb } from "./budgets";

const execFileAsync = promisify(execFile);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
const DEFAULT_REFERENCE = path.resolve("../shared/reference/gatsby-starter-blog");

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

function timeBuild(env: NodeJS.ProcessEnv = process.env): number {
  const started = Date.now();
  const result = spawnSync("node_modules/.bin/gatsby", ["build"], { env: { ...env, GATSBY_TELEMETRY_DISABLED: "1" }, stdio: "ignore" });
  if (result.status !== 0) throw new Error("gatsby build failed; run `npm run build` to see why");
  return (Date.now() - started) / 1000;
}

interface Served {
  origin: string;
  publicDir: string;
  close(): void;
}

async function serve(app: Express, publicDir: string): Promise<Served> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, publicDir, close: () => server.close() };
}

/**
 * The site as `npm start` serves it: the production server (host/app.ts) over the build, so pages that
 * fetch (the intro page's open times) are measured with their real answers. Submissions made while
 * measuring go to a scratch data folder.
 */
function serveSite(root: string): Promise<Served> {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "gym-bench-"));
  return serve(createApp(root), path.join(root, "public"));
}

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  si: number;
  lcp: number;
  tbt: number;
  /**
   * An estimate of the part of TBT from long tasks that began before FCP (NaN when Lighthouse did not
   * report FCP or its long tasks). Shown because Lighthouse's simulation leaves some tasks that really
   * ran before the first paint out of its FCP estimate yet keeps them in the page it measures TBT on:
   * the navigation's commit task (the page's JavaScript context, the preloads) can then end just after
   * the estimated FCP and count, on a page that paints early more than on one that paints late.
   */
  tbtBeforeFcp: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  htmlBytes: number;
}

function gzipOf(served: Served, url: string): number | null {
  if (!url.startsWith(served.origin)) return null;
  const pathname = new URL(url).pathname;
  const file = path.join(served.publicDir, pathname.endsWith("/") ? path.join(pathname, "index.html") : pathname);
  return fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSync(fs.readFileSync(file), { level: 9 }).length : null;
}

/**
 * One Lighthouse run through its own CLI (a plain Node process: Lighthouse sends functions into the
 * page as source text, which a TypeScript loader's helpers would break).
 */
async function runLighthouse(
  served: Served,
  page: string,
  chromePath: string | undefined,
  preset: "mobile" | "desktop",
  label: string,
): Promise<Sample> {
  const args = [
    `${served.origin}${page}`,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance,accessibility,best-practices,seo",
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
  ];
  // Asynchronous: the page servers run in this same process and must keep answering.
  const { stdout } = await execFileAsync("node_modules/.bin/lighthouse", args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...(chromePath ? { CHROME_PATH: chromePath } : {}) },
  });
  if (flag("save-reports")) {
    const name = `${label}-${preset}${page.replace(/\/+/g, "-").replace(/-$/, "") || "-home"}-${Date.now()}.json`;
    fs.mkdirSync("bench/reports", { recursive: true });
    fs.writeFileSync(path.join("bench/reports", name), stdout);
  }
  const lhr = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; resourceType: string; transferSize: number }> })?.items ??
    [];
  // Total: bytes on the wire (headers included). JavaScript and HTML: their gzip size, as the budgets
  // count them (and npm test measures them).
  const bytes = (filter: (r: { resourceType: string }) => boolean) =>
    requests.filter(filter).reduce((sum, r) => sum + (r.transferSize || gzipOf(served, r.url) || 0), 0);
  const bodies = (filter: (r: { resourceType: string }) => boolean) =>
    requests.filter(filter).reduce((sum, r) => sum + (gzipOf(served, r.url) ?? r.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint"),
    si: numeric("speed-index"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    tbtBeforeFcp: blockingFromTasksBefore(
      numeric("first-contentful-paint"),
      (lhr.audits["long-tasks"]?.details as { items?: LongTask[] } | undefined)?.items,
    ),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: bytes(() => true),
    jsBytes: bodies((r) => r.resourceType === "Script"),
    htmlBytes: bodies((r) => r.resourceType === "Document"),
  };
}

/** One row of Lighthouse's long-tasks audit: simulated times, in ms from the navigation's start. */
interface LongTask {
  startTime: number;
  duration: number;
}

/**
 * Blocking time (the part of each task after FCP, less 50 ms) of the long tasks that began before FCP.
 * An estimate: Lighthouse's TBT averages two simulations whose FCPs can differ, and the audit lists
 * the 20 longest tasks only.
 */
function blockingFromTasksBefore(fcp: number, tasks: readonly LongTask[] | undefined): number {
  if (!Number.isFinite(fcp) || !tasks) return NaN;
  return tasks
    .filter((task) => task.startTime < fcp)
    .reduce((sum, task) => sum + Math.max(0, task.startTime + task.duration - fcp - 50), 0);
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated, twice at most. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(
        `Lighthouse run failed, retrying: ${(error as Error).message.split("\n").find((line) => line.includes("error")) ?? ""}`,
      );
    }
  }
}

/** The table's columns are in KB already, so its cells are bare numbers with one decimal. */
const kbCell = (bytes: number) => (bytes / KB).toFixed(1);
const ms = (value: number) => String(Math.round(value));

function median(samples: Sample[]): Sample {
  const pick = (key: keyof Sample) => {
    const values = samples.map((s) => s[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] as number;
  };
  return Object.fromEntries((Object.keys(samples[0] as Sample) as Array<keyof Sample>).map((key) => [key, pick(key)])) as unknown as Sample;
}

interface Result {
  page: string;
  preset: "mobile" | "desktop";
  site: Sample;
  /** The reference home page's median, from runs interleaved with this page's. */
  reference?: Sample;
}

/** TBT as a multiple of the reference home's, the figure the budget holds (0 ms against 0 ms is 0). */
function tbtRatio({ site, reference }: Result): number | undefined {
  if (!reference) return undefined;
  return site.tbt === 0 ? 0 : site.tbt / Math.max(reference.tbt, 1);
}

function budgetFailures(results: readonly Result[]): string[] {
  const failures: string[] = [];
  for (const result of results) {
    const { page, preset, site: m, reference } = result;
    if (preset === "mobile") {
      for (const [name, value] of [
        ["accessibility", m.accessibility],
        ["best practices", m.bestPractices],
        ["SEO", m.seo],
      ] as const) {
        if (value < BUDGETS.score) failures.push(`${page} (mobile): ${name} ${value} < ${BUDGETS.score}`);
      }
      if (reference && m.performance < reference.performance)
        failures.push(`${page} (mobile): performance ${m.performance} < the reference home's ${reference.performance}`);
      const ratio = tbtRatio(result);
      if (ratio !== undefined && ratio > BUDGETS.tbtRatio)
        failures.push(
          `${page} (mobile): TBT ${ms(m.tbt)} ms is ${ratio.toFixed(2)}x the reference home's ${ms(reference?.tbt ?? 0)} ms (budget ${BUDGETS.tbtRatio}x)`,
        );
    }
    if (m.cls > BUDGETS.cls) failures.push(`${page} (${preset}): CLS ${m.cls.toFixed(3)} > ${BUDGETS.cls}`);
    if (m.jsBytes > BUDGETS.javascriptPerPage)
      failures.push(`${page} (${preset}): JavaScript ${kb(m.jsBytes)} > ${kb(BUDGETS.javascriptPerPage)}`);
    if (page === "/" && m.htmlBytes > BUDGETS.homeHtml) failures.push(`home HTML ${kb(m.htmlBytes)} > ${kb(BUDGETS.homeHtml)}`);
    if (page === "/" && preset === "mobile" && m.totalBytes > BUDGETS.homeTotal)
      failures.push(`home total ${kb(m.totalBytes)} > ${kb(BUDGETS.homeTotal)}`);
    if (page === pathTo("gallery") && preset === "mobile" && m.totalBytes > BUDGETS.galleryTotal)
      failures.push(`gallery total ${kb(m.totalBytes)} > ${kb(BUDGETS.galleryTotal)}`);
  }
  return failures;
}

function table(results: readonly Result[]): string[] {
  const rows = results.map((result) => {
    const { page, preset, site: m, reference: r } = result;
    const ratio = tbtRatio(result);
    const ref = r ? [r.performance, ms(r.lcp), ms(r.tbt), kbCell(r.jsBytes), ratio?.toFixed(2) ?? ""] : ["", "", "", "", ""];
    return `| ${page} | ${preset} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${ms(m.tbtBeforeFcp)} | ${ms(m.si)} | ${m.cls.toFixed(3)} | ${kbCell(m.totalBytes)} | ${kbCell(m.jsBytes)} | ${kbCell(m.htmlBytes)} | ${ref.join(" | ")} |`;
  });
  return [
    "| page | preset | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | of which begun before FCP, ms | SI ms | CLS | total KB | JS KB (gzip) | HTML KB (gzip) | ref. perf | ref. LCP ms | ref. TBT ms | ref. JS KB | TBT / ref. |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ];
}

async function main() {
  const runs = Number(option("runs") ?? 5);
  const desktopRuns = Number(option("desktop-runs") ?? 0);
  const newest = fs
    .readdirSync("content/announcements")
    .filter((f) => f.endsWith(".md"))
    .sort()
    .pop();
  const announcements = newest ? [announcementPath(announcementSlug(newest.replace(/\.md$/, "")))] : [];
  const pages = option("pages")?.split(",") ?? [...routes.map((r) => r.path), ...announcements];
  const referenceDir = flag("no-reference") ? undefined : path.resolve(option("reference") ?? DEFAULT_REFERENCE);
  if (referenceDir && !fs.existsSync(path.join(referenceDir, "index.html"))) {
    if (option("reference")) throw new Error(`No built site at ${referenceDir} (its index.html is missing)`);
    console.error(`No reference build at ${referenceDir}: measuring the site alone, without the speed budgets.`);
  }
  const hasReference = referenceDir !== undefined && fs.existsSync(path.join(referenceDir, "index.html"));
  const builds: { cold?: number; rebuild?: number } = {};

  if (!flag("skip-build") && !option("site")) {
    execFileSync("node_modules/.bin/gatsby", ["clean"], { stdio: "ignore" });
    builds.cold = timeBuild();
    const file = path.join(
      "content/announcements",
      fs
        .readdirSync("content/announcements")
        .filter((f) => f.endsWith(".md"))
        .sort()[0] as string,
    );
    const original = fs.readFileSync(file, "utf8");
    try {
      fs.writeFileSync(file, `${original}\nBench edit.\n`);
      builds.rebuild = timeBuild();
    } finally {
      fs.writeFileSync(file, original);
    }
    timeBuild(); // back to the committed content
  }

  const chromePath = (await findChromium())?.path;
  const site = await serveSite(path.resolve(option("site") ?? "."));
  const reference = hasReference && referenceDir ? await serve(createStaticApp(referenceDir), referenceDir) : undefined;
  const results: Result[] = [];
  try {
    for (const page of pages) {
      for (const preset of ["mobile", "desktop"] as const) {
        const count = preset === "desktop" ? desktopRuns : runs;
        if (count === 0) continue;
        const own: Sample[] = [];
        const theirs: Sample[] = [];
        // Interleaved, so whatever the machine is doing falls on both alike.
        for (let i = 0; i < count; i++) {
          own.push(await withRetry(() => runLighthouse(site, page, chromePath, preset, "site")));
          if (reference) theirs.push(await withRetry(() => runLighthouse(reference, "/", chromePath, preset, "reference")));
        }
        const result: Result = { page, preset, site: median(own), reference: theirs.length > 0 ? median(theirs) : undefined };
        results.push(result);
        const { site: m, reference: r } = result;
        console.error(
          `${preset.padEnd(7)} ${page}: perf ${m.performance}, FCP ${ms(m.fcp)} ms, LCP ${ms(m.lcp)} ms, TBT ${ms(m.tbt)} ms (${ms(m.tbtBeforeFcp)} from tasks begun before FCP), CLS ${m.cls.toFixed(3)}, JS ${kbCell(m.jsBytes)} KB` +
            (r
              ? ` | reference home: perf ${r.performance}, LCP ${ms(r.lcp)} ms, TBT ${ms(r.tbt)} ms, TBT ratio ${tbtRatio(result)?.toFixed(2)}`
              : ""),
        );
      }
    }
  } finally {
    site.close();
    reference?.close();
  }

  const failures = budgetFailures(results);
  const lines = [
    `Lighthouse ${lighthouseVersion()}, ${runs > 1 ? `median of ${runs} runs` : "1 run"}, served with gzip and the site's headers` +
      (reference
        ? `; each run followed by one of the reference home (${path.relative(process.cwd(), referenceDir ?? "")}), served the same way.`
        : "."),
    builds.cold ? `Cold build: ${builds.cold.toFixed(0)} s. Rebuild after one markdown change: ${builds.rebuild?.toFixed(0)} s.` : "",
    "",
    ...table(results),
    "",
    failures.length === 0 ? "All budgets met." : `Budgets missed:\n${failures.map((f) => `- ${f}`).join("\n")}`,
  ].filter((line, i, all) => line !== "" || all[i - 1] !== "");
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync("bench/results.json", JSON.stringify({ date: new Date().toISOString(), builds, results, failures }, null, 2));
  fs.writeFileSync("bench/results.md", `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
  if (failures.length > 0 && !flag("no-fail")) process.exit(1);
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
