import { createHash } from "node:crypto";
import { migrations } from "../../../../src/server/store/migrations";

/**
 * A shipped migration never changes: a gym's database ran it as it was, and a store made since must end
 * up the same. Each version's SQL for each database, whitespace aside, is pinned by its SHA-256 (the
 * first 16 hex digits). These are the texts of the releases that shipped them; when the migrations
 * were rewritten once for both databases (src/server/store/migrations/), each text came out equal to
 * the one it replaced. A new migration adds its line here.
 */
const SHIPPED: ReadonlyArray<[version: number, sqlite: string, postgres: string]> = [
  [1, "321d2b7287e47226", "87ea6b7694441d5d"],
  [2, "66170f022dbc4e4b", "90144bd4b19e07f7"],
  [3, "8c7069bed0911ca2", "2af1613effa0693d"],
  [4, "1f62dca90876ebe6", "43c8421fe28e94cd"],
  [5, "fb5b4c9ff4d0cc16", "b94ea88793eba079"],
  [6, "f12006dfa2632245", "96aae7207bcd37c3"],
  [7, "4dfc8f4c90bdb379", "4dfc8f4c90bdb379"],
  [8, "04581b8f28282533", "5ef95f513bf7fd35"],
  [9, "7d8abfcf0b599192", "7d8abfcf0b599192"],
  [10, "24bde52b5dd2f8e2", "334e62d5b606df7a"],
  [11, "7d3105d9dcc31268", "71977bb8cbe04300"],
  [12, "6a248da7e665ce9f", "6a248da7e665ce9f"],
  [13, "af698aac84b6012f", "7db9caf2e624679c"],
];

const normalized = (sql: string) => sql.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim();
const digest = (sql: string) => createHash("sha256").update(normalized(sql)).digest("hex").slice(0, 16);

test("versions count up from 1 without a gap", () => {
  expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
});

test.each(SHIPPED)("migration %i reads as it shipped, on SQLite and on PostgreSQL", (version, sqlite, postgres) => {
  const migration = migrations.find((m) => m.version === version);
  expect(migration && { sqlite: digest(migration.sqlite), postgres: digest(migration.postgres) }).toEqual({ sqlite, postgres });
});

test("every migration is pinned", () => {
  expect(migrations.map((m) => m.version)).toEqual(SHIPPED.map(([version]) => version));
});
