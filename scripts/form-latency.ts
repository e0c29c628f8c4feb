/**
 * Latency of a valid form submission at a steady 50 requests per second on loopback, for the two ways
 * the functions run: `gatsby serve` (what `npm start` runs; it re-evaluates a function's file on every
 * request) and a host that loads each compiled function once (as adapter hosts do). Needs a build.
 *
 *   npm run bench:forms [-- --seconds 20 --rate 50]
 */
import fs from "node:fs";
import { startFunctionHost, startGatsbyServe, type RunningServer } from "../tests/support/servers";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

async function measure(server: RunningServer, rate: number, seconds: number) {
  const total = rate * seconds;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    // Open loop: each request leaves on schedule, whether or not earlier ones have been answered.
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: `Bench ${i}`, email: `bench${i}@example.com`, interest: "general", message: "Latency check", elapsedMs: 9000 }),
        });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - t0);
        else failures += 1;
      })().catch(() => {
        failures += 1;
      }),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { requests: total, failures, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN };
}

async function main() {
  if (!fs.existsSync(".cache/functions/manifest.json")) throw new Error("No build found: run `npm run build` first.");
  const rate = option("rate", 50);
  const seconds = option("seconds", 20);
  const env = { FORM_RATE_LIMIT_PER_MINUTE: String(rate * seconds * 10) };
  const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  for (const [name, start] of [
    ["compiled functions, loaded once", startFunctionHost],
    ["gatsby serve", startGatsbyServe],
  ] as const) {
    const server = await start({ env });
    try {
      await measure(server, 10, 1); // warm up: open the database, load the code
      rows.push([name, await measure(server, rate, seconds)]);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  console.log(`Valid contact submissions, ${rate} requests/s for ${seconds} s, SQLite store (WAL, synchronous=FULL):`);
  console.log("| host | requests | failed | p50 ms | p99 ms | max ms |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${r.requests} | ${r.failures} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
