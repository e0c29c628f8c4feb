/**
 * Soak test of the form endpoints: 10,000 requests to the three forms (valid, invalid, oversized,
 * wrong type, and one client past its rate limit) against the production server, then the same load
 * against `gatsby serve` for comparison. Prints 5xx counts, server memory after 1,000 and after all
 * requests, latency, and whether every 201 is in the store. Needs a build.
 *
 *   npm run bench:soak [-- --requests 10000 --concurrency 16 --skip-gatsby-serve]
 */
import fs from "node:fs";
import path from "node:path";
import { openSqliteStore } from "../src/server/store/sqlite";
import { startGatsbyServe, startProductionServer, type RunningServer } from "../tests/support/servers";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** Resident memory of every process in the server's process group (tsx and gatsby start children). */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      kb += Number(rss ?? 0);
    } catch {
      // the process ended while being read
    }
  }
  return kb / 1024;
}

const SETTLE_MS = 15_000;

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
  alive: boolean;
  p50: number;
  p99: number;
  created: number;
  createdStored: number;
  seconds: number;
}

async function soak(name: string, server: RunningServer, total: number, concurrency: number): Promise<Row> {
  const pgid = server.process.pid as number;
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
  // Garbage the load left behind is collected once the process goes quiet (V8's memory reducer acts
  // after a few seconds without allocation): growth that survives that is a leak, the rest is not.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssEnd = groupRssMb(pgid);
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
  const concurrency = option("concurrency", 16);
  // As behind nginx: each simulated visitor has its own X-Forwarded-For. The ceiling is out of the way
  // so the rate-limited client is the only source of 429s.
  const env = { TRUST_PROXY: "1", FORM_CEILING_PER_MINUTE: "1000000" };
  const servers: Array<[string, typeof startProductionServer]> = [["production server (host/main.ts)", startProductionServer]];
  if (!process.argv.includes("--skip-gatsby-serve")) servers.push(["gatsby serve", startGatsbyServe]);
  const rows: Row[] = [];
  for (const [name, start] of servers) {
    const server = await start({ env });
    try {
      console.error(`${name}: ${total} requests, ${concurrency} at a time...`);
      rows.push(await soak(name, server, total, concurrency));
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  const count = (row: Row, from: number, to: number) =>
    [...row.statuses].filter(([s]) => s >= from && s < to).reduce((sum, [, n]) => sum + n, 0);
  console.log(`Form endpoints, ${total} requests, ${concurrency} concurrent, SQLite store:`);
  console.log(
    "| server | 2xx | 4xx | 5xx | no answer | statuses | RSS MB start | after 1,000 | after all, settled | growth 1,000 to all | peak | still up | p50 ms | p99 ms | 201s in store | time s |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const detail = [...r.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    console.log(
      `| ${r.server} | ${count(r, 200, 300)} | ${count(r, 400, 500)} | ${count(r, 500, 600)} | ${r.noAnswer} | ${detail} | ${r.rssStart.toFixed(0)} | ${r.rssAt1000.toFixed(0)} | ${r.rssEnd.toFixed(0)} | ${(r.rssEnd - r.rssAt1000).toFixed(0)} | ${r.rssPeak.toFixed(0)} | ${r.alive ? "yes" : "no, it died"} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.createdStored} of ${r.created} | ${r.seconds.toFixed(0)} |`,
    );
  }
  const production = rows[0];
  if (
    production &&
    (count(production, 500, 600) > 0 ||
      production.noAnswer > 0 ||
      production.createdStored !== production.created ||
      production.rssEnd - production.rssAt1000 > 50)
  ) {
    console.error("The production server failed the soak: 5xx, unanswered requests, lost 201s or memory growth over 50 MB.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
