#!/usr/bin/env node
/**
 * Where a page load's main thread goes, task by task: loads URL in Chromium at 4x CPU on Lighthouse's
 * phone screen, records a performance trace with the JavaScript sampler on, and prints every task of
 * at least --min ms with the trace's own event names (EvaluateScript, FunctionCall, Layout,
 * UpdateLayoutTree, ParseHTML...) and the functions that ran in it, mapped through the build's source
 * maps. Run it from the project's root against a served build, e.g. beside the reference starter's:
 *
 *   node scripts/long-tasks.mjs http://localhost:9000/ [--public public] [--min 50] [--cpu 4] [--runs 1]
 *
 * Figures are ms of throttled time in one load: compare builds in the same sitting, not across machines.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map";
import { findChromium } from "./browser.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args.splice(index, 2)[1] : fallback;
};
const cpu = Number(option("cpu", 4));
const min = Number(option("min", 50));
const runs = Number(option("runs", 1));
const publicDir = option("public", "public");
const [url] = args;
if (!url) {
  console.error("usage: node scripts/long-tasks.mjs URL [--public DIR] [--min 50] [--cpu 4] [--runs 1]");
  process.exit(2);
}

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];

const maps = new Map();
async function label(frame) {
  const file = (frame.url || "").split("/").pop() ?? "";
  if (!file.endsWith(".js")) return frame.functionName || (file ? `(${file})` : "(native)");
  if (!maps.has(file)) {
    // The build keeps its maps in .cache/source-maps/ beside public/ (src/node/sourceMaps.ts), or in public/.
    const map = [path.join(publicDir, "..", ".cache", "source-maps", `${file}.map`), path.join(publicDir, `${file}.map`)].find((f) =>
      fs.existsSync(f),
    );
    maps.set(file, map ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(map, "utf8"))) : null);
  }
  const consumer = maps.get(file);
  if (!consumer) return `${frame.functionName || "(anonymous)"} ${file}`;
  const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (original.source ?? file).replace(/^webpack:\/\/[^/]*\//, "").replace(/.*node_modules\//, "");
  return `${original.name ?? (frame.functionName || "(anonymous)")} ${source}:${original.line ?? "?"}`;
}

/** The JavaScript samples of the trace's CPU profile: [{ ts, frame }] with each sample's leaf frame. */
const nodes = new Map();
function samplesOf(events, pid, tid) {
  const samples = [];
  const chunks = events.filter((e) => e.name === "ProfileChunk" && e.pid === pid);
  const start = events.find((e) => e.name === "Profile" && e.pid === pid);
  if (!start) return samples;
  let ts = start.args.data.startTime;
  for (const chunk of chunks) {
    const data = chunk.args.data.cpuProfile ?? {};
    for (const node of data.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args.data.timeDeltas ?? [];
    (data.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: nodes.get(id) });
    });
  }
  void tid;
  return samples;
}

const executablePath = process.env.CHROMIUM_PATH ?? (await findChromium())?.path ?? "/usr/bin/chromium";
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
for (let run = 1; run <= runs; run++) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("about:blank");
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(6000);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  const parse = events.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(url));
  if (!parse) throw new Error("no ParseHTML event for the page in the trace");
  const { pid, tid } = parse;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const start = events.find(
    (e) => e.name === "navigationStart" && e.pid === pid && (e.args?.data?.documentLoaderURL ?? "").startsWith(url),
  );
  const t0 = start?.ts ?? parse.ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
  const samples = samplesOf(events, pid, tid);
  const tasks = main.filter((e) => TASK.has(e.name) && e.ts >= t0);
  let busy = 0;
  let blocking = 0;
  const lines = [];
  for (const task of tasks) {
    const duration = task.dur / 1000;
    busy += duration;
    if (duration > 50) blocking += duration - 50;
    if (duration < min) continue;
    const end = task.ts + task.dur;
    const inside = main.filter((e) => e !== task && !TASK.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= end);
    const byName = new Map();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    const names = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const functions = new Map();
    const inclusive = new Map();
    const within = samples.filter((s) => s.ts >= task.ts && s.ts <= end && s.node);
    for (let i = 0; i < within.length; i++) {
      const sample = within[i];
      const ms = ((within[i + 1]?.ts ?? end) - sample.ts) / 1000;
      const name = await label(sample.node.callFrame);
      if (name === "(idle)" || name === "(root)") continue;
      functions.set(name, (functions.get(name) ?? 0) + ms);
      const seen = new Set();
      for (let node = sample.node; node; node = nodes.get(node.parent)) {
        const source = (await label(node.callFrame)).split(" ")[1] ?? "";
        // Our own modules and Gatsby's runtime, by file: what the task was doing, in the code's words.
        const file = source.split(":")[0];
        if (!(file.startsWith("src/") || file.startsWith(".cache/")) || seen.has(file)) continue;
        seen.add(file);
        inclusive.set(file, (inclusive.get(file) ?? 0) + ms);
      }
    }
    const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const files = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(
      `  at ${((task.ts - t0) / 1000).toFixed(0).padStart(5)} ms, ${duration.toFixed(0).padStart(4)} ms: ${names.map(([n, v]) => `${n} ${v.toFixed(0)}`).join(", ")}`,
    );
    if (top.length > 0) lines.push(`      JS self time: ${top.map(([n, v]) => `${n} ${v.toFixed(0)}`).join("; ")}`);
    if (files.length > 0)
      lines.push(`      inside (src/ and Gatsby's .cache/, inclusive): ${files.map(([n, v]) => `${n} ${v.toFixed(0)}`).join("; ")}`);
  }
  console.log(
    `${url} (run ${run}, ${cpu}x CPU): first contentful paint ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : "?"} ms; ${tasks.length} tasks, ${busy.toFixed(0)} ms busy, ${blocking.toFixed(0)} ms over 50 ms per task`,
  );
  console.log(lines.join("\n"));
}
await browser.close();
