/**
 * Soak test of the form endpoints: 10,000 requests to the three forms (valid, invalid, oversized,
 * wrong type, and one client past its rate limit) against the production server, then the same load
 * against `gatsby serve` for comparison. Prints 5xx counts, latency, whether every 201 is in the store,
 * and memory: after 1,000 requests, after all of them once the server has been idle, and how fast it
 * grows once warm (per 1,000 requests after the first 2,000), for the whole process and for the V8
 * heap that survives a full collection, where a leak shows. Needs a build.
 *
 *   npm run bench:soak [-- --requests 10000 --concurrency 20 --skip-gatsby-serve]
 *
 * With --two-servers, instead: two production servers on one PostgreSQL database (with --sqlite, on one
 * SQLite file, as on one host), 5,000 requests of the whole mix by default (every form, staff sign-in requests, pages) spread over both
 * (tests/support/twoServerSoak.ts): 5xx, what was acknowledged against what is stored, the mails of each
 * kind against what each should get, the shared limits, and each server's RSS at the end.
 *
 *   npm run bench:soak -- --two-servers [--sqlite] [--requests 5000 --concurrency 20]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { twoServerSoak, type SoakFigures } from "../tests/support/twoServerSoak";
import { groupRssMb, startGatsbyServe, startProductionServer, type RunningServer } from "../tests/support/servers";
import { openSqliteStore } from "../src/server/app/store";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const SETTLE_MS = 15_000;
/** Requests before memory counts as warm: every function loaded, V8 done compiling the hot code. */
const WARM_UP = 2000;
/** Memory is read every this many requests. */
const SAMPLE_EVERY = 1000;
/**
 * The production server fails the soak above these. Growth is per 1,000 requests once warm: a leak of
 * 1 KB a request is 1 MB per 1,000 in the live heap. RSS moves with V8's collections and the machine's
 * load, so it gets more room. The live heap's size matters too: V8 lets the heap grow to three or four
 * times what it holds before it collects (docs/operations.md, the production server).
 */
const MAX_RSS_GROWTH_MB = 5;
const MAX_HEAP_GROWTH_MB = 0.5;
const MAX_LIVE_HEAP_MB = 50;

const MB = 1024 * 1024;

/** A whole count with its thousands marked, "2,000", as en-US writes it (toLocaleString is src/time/'s alone). */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The server's heap in MB as scripts/soakMemoryProbe.cjs reads it: as it is, and after a full collection. */
interface Heap {
  used: number;
  live: number;
}

const NO_HEAP: Heap = { used: NaN, live: NaN };

/**
 * Asks the probe inside the server (SIGUSR2, answered in a file). NaN for a server without the probe
 * (gatsby serve) or one that did not answer within 5 seconds.
 */
async function readHeap(file: string): Promise<Heap> {
  const read = (): { pid: number; seq: number; heapUsed?: number; liveHeap?: number } | null => {
    try {
      return JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number; seq: number; heapUsed?: number; liveHeap?: number };
    } catch {
      return null;
    }
  };
  const last = read();
  if (!last) return NO_HEAP;
  try {
    process.kill(last.pid, "SIGUSR2");
  } catch {
    return NO_HEAP;
  }
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reading = read();
    if (reading && reading.seq > last.seq) return { used: (reading.heapUsed ?? NaN) / MB, live: (reading.liveHeap ?? NaN) / MB };
  }
  return NO_HEAP;
}

/** The least-squares slope of y over x: MB per 1,000 requests for readings at x thousand requests. */
function slope(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 2) return NaN;
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(points.map(([x]) => x));
  const my = mean(points.map(([, y]) => y));
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxy / sxx;
}

interface Shot {
  path: string;
  type: string;
  body: string;
  client: string;
}

const valid = (i: number): Array<[string, Record<string, unknown>]> => [
  ["/api/contact", { name: `Soak ${i}`, email: `soak${i}@example.com`, interest: "general", message: `Message ${i}`, elapsedMs: 9000 }],
  [
    "/api/membership-hold",
    {
      type: "cancel",
      name: `Soak ${i}`,
      email: `soak${i}@example.com`,
      cancelDate: "2099-01-01",
      reason: "Moving",
      acknowledged: true,
      elapsedMs: 9000,
    },
  ],
];

/** The mix: 4 in 10 valid, 1 invalid, 1 oversized, 1 wrong type, 3 from one client far past its limit. */
function shot(i: number): Shot {
  const client = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const json = "application/json";
  const [validPath, validBody] = valid(i)[i % 2] as [string, Record<string, unknown>];
  switch (i % 10) {
    case 4:
      return { path: "/api/signup", type: json, body: JSON.stringify({ firstName: "Soak", email: "nope" }), client };
    case 5:
      return { path: "/api/contact", type: json, body: JSON.stringify({ ...validBody, message: "x".repeat(20_000) }), client };
    case 6:
      return i % 20 === 6
        ? { path: "/api/contact", type: "text/plain", body: "hello", client }
        : {
            path: "/api/contact",
            type: "multipart/form-data; boundary=x",
            body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"y".repeat(4000)}\r\n--x--\r\n`,
            client,
          };
    case 7:
    case 8:
    case 9:
      return { path: validPath, type: json, body: JSON.stringify(validBody), client: "203.0.113.66" };
    default:
      return { path: validPath, type: json, body: JSON.stringify(validBody), client };
  }
}

interface Row {
  server: string;
  statuses: Map<number, number>;
  noAnswer: number;
  rssStart: number;
  rssAt1000: number;
  rssEnd: number;
  rssPeak: number;
  /** [thousands of requests, MB] every SAMPLE_EVERY requests from WARM_UP on, the last after the last answer. */
  rssSamples: Array<[number, number]>;
  heapWarm: Heap;
  /** After the load and SETTLE_MS of quiet. */
  heapSettled: Heap;
  alive: boolean;
  p50: number;
  p99: number;
  created: number;
  createdStored: number;
  seconds: number;
}

async function soak(name: string, server: RunningServer, probeFile: string, total: number, concurrency: number): Promise<Row> {
  const pgid = server.process.pid as number;
  const rssSamples: Array<[number, number]> = [];
  let heapWarm = NO_HEAP;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const ids: string[] = [];
  let noAnswer = 0;
  let next = 0;
  let rssAt1000 = NaN;
  const rssStart = groupRssMb(pgid);
  let rssPeak = rssStart;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      if (i % 100 === 0) rssPeak = Math.max(rssPeak, groupRssMb(pgid));
      if (i === 1000) rssAt1000 = groupRssMb(pgid);
      if (i >= WARM_UP && i % SAMPLE_EVERY === 0) rssSamples.push([i / 1000, groupRssMb(pgid)]);
      // After the RSS reading: the probe's full collection would lower it.
      if (i === WARM_UP) heapWarm = await readHeap(probeFile);
      const { path: route, type, body, client } = shot(i);
      const t0 = performance.now();
      try {
        const response = await fetch(`${server.url}${route}`, {
          method: "POST",
          headers: { "Content-Type": type, "X-Forwarded-For": client },
          body,
        });
        const text = await response.text();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 201) ids.push((JSON.parse(text) as { id: string }).id);
      } catch {
        noAnswer += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  rssSamples.push([total / 1000, groupRssMb(pgid)]);
  // What the process still holds after a quiet spell is what a quiet night at the gym leaves it with.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssEnd = groupRssMb(pgid);
  const heapSettled = await readHeap(probeFile);
  const alive = server.process.exitCode === null && server.process.signalCode === null;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? NaN;
  const store = openSqliteStore(path.join(server.dataDir, "submissions.sqlite"));
  let createdStored = 0;
  try {
    for (const id of ids) if (await store.get(id)) createdStored += 1;
  } finally {
    await store.close();
  }
  return {
    server: name,
    statuses,
    noAnswer,
    rssStart,
    rssAt1000,
    rssEnd,
    rssPeak: Math.max(rssPeak, rssEnd),
    rssSamples: rssSamples.sort(([a], [b]) => a - b),
    heapWarm,
    heapSettled,
    alive,
    p50: at(50),
    p99: at(99),
    created: ids.length,
    createdStored,
    seconds,
  };
}

async function main() {
  if (!fs.existsSync(".cache/functions/manifest.json")) throw new Error("No build found: run `npm run build` first.");
  const total = option("requests", 10_000);
  const concurrency = option("concurrency", 20);
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "soak-memory-"));
  const probeFile = path.join(probeDir, "memory.json");
  // As behind nginx: each simulated visitor has its own X-Forwarded-For. The ceiling is out of the way
  // so the rate-limited client is the only source of 429s. The probe reads the server's heap.
  const env = {
    TRUST_PROXY: "1",
    FORM_CEILING_PER_MINUTE: "1000000",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${path.resolve("scripts/soakMemoryProbe.cjs")}`.trim(),
    SOAK_MEMORY_FILE: probeFile,
    SOAK_MEMORY_SCRIPT: path.resolve("host/serve.mjs"),
  };
  const servers: Array<[string, typeof startProductionServer]> = [["production server (host/serve.mjs)", startProductionServer]];
  if (!process.argv.includes("--skip-gatsby-serve")) servers.push(["gatsby serve", startGatsbyServe]);
  const rows: Row[] = [];
  try {
    for (const [name, start] of servers) {
      fs.rmSync(probeFile, { force: true });
      const server = await start({ env });
      try {
        console.error(`${name}: ${total} requests, ${concurrency} at a time...`);
        rows.push(await soak(name, server, probeFile, total, concurrency));
      } finally {
        await server.stop();
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
  const count = (row: Row, from: number, to: number) =>
    [...row.statuses].filter(([s]) => s >= from && s < to).reduce((sum, [, n]) => sum + n, 0);
  const mb = (value: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(0));
  const perThousand = (value: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(2));
  const rssGrowth = (row: Row) => slope(row.rssSamples);
  const heapGrowth = (row: Row) => (row.heapSettled.live - row.heapWarm.live) / ((total - WARM_UP) / 1000);

  console.log(`Form endpoints, ${total} requests, ${concurrency} concurrent, SQLite store:`);
  console.log("| server | 2xx | 4xx | 5xx | no answer | statuses | still up | p50 ms | p99 ms | 201s in store | time s |");
  console.log("| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const detail = [...r.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    console.log(
      `| ${r.server} | ${count(r, 200, 300)} | ${count(r, 400, 500)} | ${count(r, 500, 600)} | ${r.noAnswer} | ${detail} | ${r.alive ? "yes" : "no, it died"} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.createdStored} of ${r.created} | ${r.seconds.toFixed(0)} |`,
    );
  }
  console.log("");
  console.log(
    `Memory in MB. RSS: every process of the server, read every ${grouped(SAMPLE_EVERY)} requests; its growth is the least-squares slope per 1,000 from request ${grouped(WARM_UP)} on. Live heap: the heap after a full collection, at request ${grouped(WARM_UP)} and at the end; its growth is the difference per 1,000 requests. Settled: after ${SETTLE_MS / 1000} s idle.`,
  );
  console.log(
    "| server | RSS start | RSS after 1,000 | RSS after all | RSS after all, settled | RSS peak | RSS growth per 1,000 | heap used, settled | live heap once warm | live heap, settled | live heap growth per 1,000 |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    console.log(
      `| ${r.server} | ${mb(r.rssStart)} | ${mb(r.rssAt1000)} | ${mb(r.rssSamples.at(-1)?.[1] ?? NaN)} | ${mb(r.rssEnd)} | ${mb(r.rssPeak)} | ${perThousand(rssGrowth(r))} | ${mb(r.heapSettled.used)} | ${mb(r.heapWarm.live)} | ${mb(r.heapSettled.live)} | ${perThousand(heapGrowth(r))} |`,
    );
  }

  const production = rows[0];
  if (!production) return;
  const problems: string[] = [];
  if (count(production, 500, 600) > 0) problems.push("5xx answers");
  if (production.noAnswer > 0) problems.push("unanswered requests");
  if (production.createdStored !== production.created) problems.push("201s missing from the store");
  if (!production.alive) problems.push("the server died");
  const rss = rssGrowth(production);
  const heap = heapGrowth(production);
  if (Number.isNaN(rss) || Number.isNaN(heap))
    problems.push(`no memory growth: it needs over ${grouped(WARM_UP + SAMPLE_EVERY)} requests, and the probe's answers`);
  if (rss > MAX_RSS_GROWTH_MB) problems.push(`RSS growing ${rss.toFixed(1)} MB per 1,000 requests (at most ${MAX_RSS_GROWTH_MB})`);
  if (heap > MAX_HEAP_GROWTH_MB)
    problems.push(`the live heap growing ${heap.toFixed(2)} MB per 1,000 requests (at most ${MAX_HEAP_GROWTH_MB})`);
  if (production.heapSettled.live > MAX_LIVE_HEAP_MB)
    problems.push(`a live heap of ${production.heapSettled.live.toFixed(0)} MB (at most ${MAX_LIVE_HEAP_MB})`);
  if (problems.length > 0) {
    console.error(`The production server failed the soak: ${problems.join("; ")}.`);
    process.exitCode = 1;
  }
}

/** Prints the two-server soak's figures; a problem sets the exit code. */
function printTwoServers(f: SoakFigures): void {
  const statuses = Object.entries(f.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.log(
    `Two production servers on one ${f.database} database, ${f.requests} requests, ${f.concurrency} at a time, in ${f.seconds.toFixed(0)} s:`,
  );
  console.log(
    "| 5xx | no answer | statuses | acknowledged | stored once | stored, not acknowledged | double sends stored once | RSS of each server, MB |",
  );
  console.log("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  console.log(
    `| ${f.fiveXx} | ${f.unanswered} | ${statuses} | ${f.acknowledged} | ${f.storedOnce} | ${f.storedNotAcknowledged} | ${f.doubleSendsStoredOnce} of ${f.doubleSends} | ${f.rssMb.map((mb) => mb.toFixed(0)).join(", ")} |`,
  );
  console.log("");
  console.log("| mail | expected | received | missing | twice | unexpected |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const m of f.mails)
    console.log(`| ${m.kind} | ${m.expected} | ${m.received} | ${m.missing.length} | ${m.duplicated.length} | ${m.unexpected.length} |`);
  console.log("");
  console.log(
    `Shared limits: one client, alternating servers, ${f.rateLimit.accepted} of ${f.rateLimit.sent} taken (limit ${f.rateLimit.limit}); ` +
      `one connection's bookings ${f.bookingLimit.booked} of ${f.bookingLimit.sent} (limit ${f.bookingLimit.limit}); ` +
      `one slot booked ${f.racedSlot.sent} times at once: ${f.racedSlot.won} won.`,
  );
  const problems: string[] = [];
  if (f.fiveXx > 0) problems.push("5xx answers");
  if (f.unanswered > 0) problems.push("unanswered requests");
  if (f.storedOnce !== f.acknowledged || f.storedNotAcknowledged > 0) problems.push("stored is not what was acknowledged");
  if (f.doubleSendsStoredOnce !== f.doubleSends) problems.push("a double send stored twice");
  for (const m of f.mails)
    if (m.received !== m.expected || m.missing.length + m.duplicated.length + m.unexpected.length > 0) problems.push(`${m.kind} mails`);
  if (f.rateLimit.accepted !== f.rateLimit.limit) problems.push("the rate limit is not shared");
  if (f.bookingLimit.booked !== f.bookingLimit.limit) problems.push("the booking limit is not shared");
  if (f.racedSlot.won !== 1) problems.push(`${f.racedSlot.won} winners of one slot`);
  for (const line of f.serverErrors) console.error(`server: ${line}`);
  if (problems.length > 0) {
    console.error(`The two servers failed the soak: ${problems.join("; ")}.`);
    process.exitCode = 1;
  }
}

if (process.argv.includes("--two-servers")) {
  if (!fs.existsSync(".cache/functions/manifest.json")) throw new Error("No build found: run `npm run build` first.");
  twoServerSoak({
    database: process.argv.includes("--sqlite") ? "SQLite" : "PostgreSQL",
    requests: option("requests", 5000),
    concurrency: option("concurrency", 20),
    log: (line) => console.error(line),
  })
    .then(printTwoServers)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
} else
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
