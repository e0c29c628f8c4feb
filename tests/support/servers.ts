import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Ends the server; SIGKILL simulates a crash (no shutdown code runs). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Everything the server printed so far. */
  output(): string;
}

/** Resident memory of every process in the server's process group (gatsby serve starts children). */
export function groupRssMb(pgid: number): number {
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000}s:\n${output()}`);
}

/**
 * Reminders and the morning digest go by the machine's clock, so a server with mail would otherwise send
 * one when the run happens to fall in the gym's morning, into tests that count mails. A test of them
 * turns them on (the unit tests drive them with an injected clock: tests/unit/server/leads/nudges.test.ts).
 */
const QUIET_BY_DEFAULT = { LEAD_REMINDER_MINUTES: "0", MORNING_DIGEST: "off" };

interface Options {
  env?: Record<string, string>;
  /** The project folder to serve (a scratch build); the project itself by default. */
  cwd?: string;
  /** Reuse a data folder (to restart a server on the same database); a fresh one by default. */
  dataDir?: string;
  port?: number;
}

/** A port picked as free can be taken by a parallel test before the server binds it: try again then. */
async function startProcess(command: string, args: string[], readyPath: string, options: Options): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(command, args, readyPath, options);
    } catch (error) {
      if (attempt >= 5 || options.port !== undefined || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

function startOnce(command: string, args: string[], readyPath: string, options: Options): Promise<RunningServer> {
  return (async () => {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "gym-forms-"));
    const port = options.port ?? (await freePort());
    let log = "";
    const child = spawn(command, [...args.map((arg) => arg.replace("$PORT", String(port)))], {
      cwd: options.cwd,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", DATA_DIR: dataDir, PORT: String(port), ...QUIET_BY_DEFAULT, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${url}${readyPath}`, child, () => log);
    return {
      url,
      dataDir,
      process: child,
      output: () => log,
      stop: (signal: NodeJS.Signals = "SIGTERM") =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          try {
            process.kill(-(child.pid as number), signal);
          } catch {
            resolve();
          }
        }),
    };
  })();
}

/** The production server (host/main.ts, bundled by host/serve.mjs) over the built site, as `npm start` runs it. */
export function startProductionServer(options: Options = {}): Promise<RunningServer> {
  return startProcess(process.execPath, [path.resolve("host/serve.mjs")], "/", {
    ...options,
    env: { HOST: "127.0.0.1", ...options.env },
  });
}

/** `gatsby serve` over the built site: only for comparing against it (npm run bench:soak). */
export function startGatsbyServe(options: Options = {}): Promise<RunningServer> {
  return startProcess(path.resolve("node_modules/.bin/gatsby"), ["serve", "--port", "$PORT", "--host", "127.0.0.1"], "/", options);
}
