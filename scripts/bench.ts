/**
 * The performance benchmark: cold build time, rebuild time after one markdown change, then Lighthouse
 * (mobile and desktop presets, median of 3 runs) on every page of the route table and one
 * announcement, served as production would serve them (gzip, the site's headers). Prints a table,
 * writes bench/results.json and bench/results.md, and exits 1 when a budget is missed.
 *
 *   npm run bench                          everything (about 20 minutes on 2 cores)
 *   npm run bench -- --skip-build --runs 1 --pages /,/portfolio/
 *   npm run bench -- --skip-build --desktop-runs 1 --save-reports   (each run's report in bench/reports/)
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createApp } from "../host/app";
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

/**
 * The site as `npm start` serves it: the production server (host/app.ts) over the build, so pages that
 * fetch (the intro page's open times) are measured with their real answers. Submissions made while
 * measuring go to a scratch data folder.
 */
async function serveProductionLike(): Promise<{ origin: string; close: () => void }> {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "gym-bench-"));
  const server = http.createServer(createApp(process.cwd()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
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
  cls: number;
  totalBytes: number;
  jsBytes: number;
  htmlBytes: number;
}

function gzipOf(origin: string, url: string): number | null {
  const pathname = new URL(url).pathname;
  if (!url.startsWith(origin)) return null;
  const file = pathname.endsWith("/") ? path.join("public", pathname, "index.html") : path.join("public", pathname);
  return fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSync(fs.readFileSync(file), { level: 9 }).length : null;
}

/**
 * One Lighthouse run through its own CLI (a plain Node process: Lighthouse sends functions into the
 * page as source text, which a TypeScript loader's helpers would break).
 */
async function runLighthouse(url: string, origin: string, chromePath: string | undefined, preset: "mobile" | "desktop"): Promise<Sample> {
  const args = [
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance,accessibility,best-practices,seo",
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
  ];
  // Asynchronous: the page server runs in this same process and must keep answering.
  const { stdout } = await execFileAsync("node_modules/.bin/lighthouse", args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...(chromePath ? { CHROME_PATH: chromePath } : {}) },
  });
  if (flag("save-reports")) {
    const name = `${preset}${new URL(url).pathname.replace(/\/+/g, "-").replace(/-$/, "") || "-home"}-${Date.now()}.json`;
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
    requests.filter(filter).reduce((sum, r) => sum + (r.transferSize || gzipOf(origin, r.url) || 0), 0);
  const bodies = (filter: (r: { resourceType: string }) => boolean) =>
    requests.filter(filter).reduce((sum, r) => sum + (gzipOf(origin, r.url) ?? r.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint"),
    si: numeric("speed-index"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: bytes(() => true),
    jsBytes: bodies((r) => r.resourceType === "Script"),
    htmlBytes: bodies((r) => r.resourceType === "Document"),
  };
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

function median(samples: Sample[]): Sample {
  const pick = (key: keyof Sample) => {
    const values = samples.map((s) => s[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] as number;
  };
  return Object.fromEntries((Object.keys(samples[0] as Sample) as Array<keyof Sample>).map((key) => [key, pick(key)])) as unknown as Sample;
}

async function main() {
  const runs = Number(option("runs") ?? 3);
  const newest = fs
    .readdirSync("content/announcements")
    .filter((f) => f.endsWith(".md"))
    .sort()
    .pop();
  const announcements = newest ? [announcementPath(announcementSlug(newest.replace(/\.md$/, "")))] : [];
  const pages = option("pages")?.split(",") ?? [...routes.map((r) => r.path), ...announcements];
  const builds: { cold?: number; rebuild?: number } = {};

  if (!flag("skip-build")) {
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
  const server = await serveProductionLike();
  const results: Array<{ page: string; preset: string; median: Sample }> = [];
  try {
    for (const page of pages) {
      for (const preset of ["mobile", "desktop"] as const) {
        const samples: Sample[] = [];
        const count = preset === "desktop" ? Number(option("desktop-runs") ?? runs) : runs;
        if (count === 0) continue;
        for (let i = 0; i < count; i++)
          samples.push(await withRetry(() => runLighthouse(`${server.origin}${page}`, server.origin, chromePath, preset)));
        results.push({ page, preset, median: median(samples) });
        const m = median(samples);
        console.error(
          `${preset.padEnd(7)} ${page}: perf ${m.performance}, FCP ${Math.round(m.fcp)} ms, LCP ${Math.round(m.lcp)} ms, TBT ${Math.round(m.tbt)} ms, SI ${Math.round(m.si)} ms, CLS ${m.cls.toFixed(3)}, JS ${kbCell(m.jsBytes)} KB`,
        );
      }
    }
  } finally {
    server.close();
  }

  const failures: string[] = [];
  for (const { page, preset, median: m } of results) {
    if (preset === "mobile") {
      for (const [name, value] of [
        ["performance", m.performance],
        ["accessibility", m.accessibility],
        ["best practices", m.bestPractices],
        ["SEO", m.seo],
      ] as const) {
        if (value < BUDGETS.score) failures.push(`${page} (mobile): ${name} ${value} < ${BUDGETS.score}`);
      }
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

  const lines = [
    `Lighthouse ${runs > 1 ? `median of ${runs} runs` : "1 run"}, served with gzip and the site's headers.`,
    builds.cold ? `Cold build: ${builds.cold.toFixed(0)} s. Rebuild after one markdown change: ${builds.rebuild?.toFixed(0)} s.` : "",
    "",
    "| page | preset | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | SI ms | CLS | total KB | JS KB (gzip) | HTML KB (gzip) |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      ({ page, preset, median: m }) =>
        `| ${page} | ${preset} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${Math.round(m.fcp)} | ${Math.round(m.lcp)} | ${Math.round(m.tbt)} | ${Math.round(m.si)} | ${m.cls.toFixed(3)} | ${kbCell(m.totalBytes)} | ${kbCell(m.jsBytes)} | ${kbCell(m.htmlBytes)} |`,
    ),
    "",
    failures.length === 0 ? "All budgets met." : `Budgets missed:\n${failures.map((f) => `- ${f}`).join("\n")}`,
  ].filter((line, i, all) => line !== "" || all[i - 1] !== "");
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync("bench/results.json", JSON.stringify({ date: new Date().toISOString(), builds, results, failures }, null, 2));
  fs.writeFileSync("bench/results.md", `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
  if (failures.length > 0 && !flag("no-fail")) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
