import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "../migrations";
import { zeroDeletedRows } from "./privacy";

/**
 * Gatsby bundles each function with webpack, which breaks better-sqlite3's own search for its native
 * addon; pointing it at the built file (resolved from the project root) works bundled or not.
 */
function nativeBinding(): string | undefined {
  const file = path.resolve(process.cwd(), "node_modules/better-sqlite3/build/Release/better_sqlite3.node");
  return fs.existsSync(file) ? file : undefined;
}

export function open(file: string): Database.Database {
  const binding = nativeBinding();
  const db = new Database(file, binding ? { nativeBinding: binding } : {});
  zeroDeletedRows(db);
  return db;
}

export function migrateSqlite(db: Database.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  // IMMEDIATE takes the write lock first, so two processes starting together cannot both migrate.
  const apply = db.transaction(() => {
    const done = new Set(
      (db.prepare("SELECT version FROM schema_migrations").all() as Array<{ version: number }>).map((row) => row.version),
    );
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      db.exec(migration.sqlite);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }
  });
  apply.immediate();
}
