import path from "node:path";
import type { ServerConfig } from "../config";
import { openPostgresStore } from "./postgres";
import { openSqliteStore } from "./sqlite";
import type { SubmissionStore } from "./types";

export type { SubmissionStore } from "./types";

/**
 * PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. `busyTimeoutMs` is SQLite's
 * wait for another process's lock: short for the site (the default), longer for the staff CLI.
 */
export async function openStore(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir">,
  options: { busyTimeoutMs?: number } = {},
): Promise<SubmissionStore> {
  if (config.databaseUrl) return openPostgresStore(config.databaseUrl);
  return openSqliteStore(path.join(config.dataDir, "submissions.sqlite"), options);
}
