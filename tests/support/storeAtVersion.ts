import Database from "better-sqlite3";
import { Client } from "pg";
import { migrations } from "../../src/server/store/migrations";

/**
 * A store as an earlier release left it, for the tests of a migration on the data it meets: the
 * migrations up to `version` applied and recorded as that release did, then `seed`'s statements. The
 * store the code opens on it next runs the migrations since.
 */
export function sqliteAtVersion(file: string, version: number, seed: readonly string[]): void {
  const legacy = new Database(file);
  try {
    legacy.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= version)) {
      legacy.exec(migration.sqlite);
      legacy.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-01-01T00:00:00.000Z");
    }
    for (const statement of seed) legacy.exec(statement);
  } finally {
    legacy.close();
  }
}

/** The same on a PostgreSQL database (`url`, empty). */
export async function postgresAtVersion(url: string, version: number, seed: readonly string[]): Promise<void> {
  const legacy = new Client({ connectionString: url });
  await legacy.connect();
  try {
    await legacy.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= version)) {
      await legacy.query(migration.postgres);
      await legacy.query("INSERT INTO schema_migrations VALUES ($1, $2, now())", [migration.version, migration.name]);
    }
    for (const statement of seed) await legacy.query(statement);
  } finally {
    await legacy.end();
  }
}
