import path from "node:path";
import type { ServerConfig } from "../config";
import type { Dialect } from "./dialect";
import { openPostgres } from "./postgres";
import { openSqlite } from "./sqlite";

/**
 * PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR, opened and migrated.
 * `busyTimeoutMs` is SQLite's wait for another process's lock: short for the site (the default),
 * longer for the staff CLI.
 */
export async function openDialect(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir">,
  options: { busyTimeoutMs?: number } = {},
): Promise<Dialect> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openSqlite(path.join(config.dataDir, "submissions.sqlite"), options);
}
