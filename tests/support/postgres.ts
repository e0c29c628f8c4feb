import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./servers";

/**
 * A throwaway PostgreSQL server for tests: TEST_DATABASE_URL when given, else a private cluster in a
 * temporary folder started from Debian's postgresql binaries (listening on a Unix socket only). In CI
 * a missing PostgreSQL is an error; on a developer machine without it the tests that need it say so
 * and are skipped.
 */
export interface TestPostgres {
  /** A fresh, empty database on the server. */
  createDatabase(): Promise<string>;
  /**
   * Stops the server as an operator's restart would (fast shutdown: every connection is ended) and
   * starts it again on the same data and port. Only for the private cluster, not TEST_DATABASE_URL.
   */
  pause?(): void;
  resume?(): void;
  stop(): void;
}

/**
 * initdb or pg_ctl: from POSTGRES_BIN_DIR alone when it is set (another version, another layout; an
 * empty folder makes PostgreSQL count as missing), else Debian's newest /usr/lib/postgresql/<version>/bin,
 * else PATH.
 */
function findBin(name: string): string | undefined {
  const binDir = process.env.POSTGRES_BIN_DIR;
  if (binDir) {
    const file = path.join(binDir, name);
    return fs.existsSync(file) ? file : undefined;
  }
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort().reverse() : [];
  for (const version of versions) {
    const file = path.join("/usr/lib/postgresql", version, "bin", name);
    if (fs.existsSync(file)) return file;
  }
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

export const POSTGRES_MISSING = "PostgreSQL is not installed (apt-get install -y postgresql), and TEST_DATABASE_URL is not set.";

/** Whether startTestPostgres can give a server here, known without starting one (test files decide when they load). */
export function postgresAvailable(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL) || (findBin("initdb") !== undefined && findBin("pg_ctl") !== undefined);
}

/** Runs a PostgreSQL program as the postgres user when this is root: initdb refuses to run as root. */
function asPostgresUser(bin: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [command, fullArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  execFileSync(command, fullArgs, { stdio: "pipe" });
}

const INITDB_ARGS = ["-A", "trust", "-U", "test", "--no-sync", "-E", "UTF8"];

/**
 * A cluster as initdb leaves it, made once per machine (for this initdb and these options) and copied
 * for each test cluster: initdb took 1.5 CPU-seconds here and 17 test files start a cluster, while a
 * copy of its 39 MB is a tenth of that. Made under a name of its own and renamed into place, so test
 * files starting at once never copy half a template. Found once per process: a file may start several.
 */
const templates = new Map<string, string>();
function templateCluster(initdb: string): string {
  const known = templates.get(initdb);
  if (known) return known;
  const template = findOrMakeTemplate(initdb);
  templates.set(initdb, template);
  return template;
}

function findOrMakeTemplate(initdb: string): string {
  const version = execFileSync(initdb, ["--version"], { encoding: "utf8" });
  const key = createHash("sha256")
    .update(JSON.stringify([initdb, version, INITDB_ARGS]))
    .digest("hex")
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `gym-pg-template-${key}`);
  if (fs.existsSync(path.join(template, "data", "PG_VERSION"))) return template;
  const making = fs.mkdtempSync(`${template}-making-`);
  fs.chmodSync(making, 0o777);
  asPostgresUser(initdb, ["-D", path.join(making, "data"), ...INITDB_ARGS]);
  try {
    fs.renameSync(making, template);
  } catch {
    // Another test file made it first.
    fs.rmSync(making, { recursive: true, force: true });
  }
  return template;
}

export async function startTestPostgres(): Promise<TestPostgres | null> {
  const { Client } = await import("pg");
  const adminUrl = process.env.TEST_DATABASE_URL;
  let stop = () => undefined as void;
  let pause: (() => void) | undefined;
  let resume: (() => void) | undefined;
  let baseUrl: string;

  if (adminUrl) {
    baseUrl = adminUrl;
  } else {
    const initdb = findBin("initdb");
    const pgCtl = findBin("pg_ctl");
    if (!initdb || !pgCtl) {
      if (process.env.CI) throw new Error(POSTGRES_MISSING);
      return null;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-pg-"));
    fs.chmodSync(dir, 0o777);
    const port = await freePort();
    // Debian's package creates the postgres user that owns the clusters.
    const asUser = asPostgresUser;
    const data = path.join(dir, "data");
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off`;
    asUser("cp", ["-a", path.join(templateCluster(initdb), "data"), data]);
    asUser(pgCtl, ["-D", data, "-w", "-l", path.join(dir, "log"), "-o", serverOptions, "start"]);
    baseUrl = `postgresql://test@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`;
    pause = () => asUser(pgCtl, ["-D", data, "-m", "fast", "-w", "stop"]);
    resume = () => asUser(pgCtl, ["-D", data, "-w", "-l", path.join(dir, "log"), "-o", serverOptions, "start"]);
    stop = () => {
      try {
        asUser(pgCtl, ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
  }

  let counter = 0;
  return {
    async createDatabase() {
      const name = `gym_test_${process.pid}_${Date.now()}_${counter++}`;
      const admin = new Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(baseUrl.replace(/^postgresql:/, "http:"));
      url.pathname = `/${name}`;
      return url.toString().replace(/^http:/, "postgresql:");
    },
    pause,
    resume,
    stop,
  };
}
