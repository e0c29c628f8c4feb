import { isStoreUnavailable } from "../../../../src/server/store/unavailable";

/** Which errors a staff route answers with 503 and Retry-After (store busy or out of reach), and which stay a 500. */
const coded = (code: string, message = "x", extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });

test.each([
  ["SQLite busy", coded("SQLITE_BUSY", "database is locked")],
  ["SQLite busy snapshot", coded("SQLITE_BUSY_SNAPSHOT")],
  ["SQLite locked", coded("SQLITE_LOCKED")],
  ["SQLite I/O error", coded("SQLITE_IOERR_WRITE")],
  ["SQLite disk full", coded("SQLITE_FULL")],
  ["PostgreSQL shutting down", coded("57P01", "terminating connection due to administrator command")],
  ["PostgreSQL starting", coded("57P03", "the database system is starting up")],
  ["PostgreSQL connection failure", coded("08006")],
  ["PostgreSQL too many connections", coded("53300")],
  ["PostgreSQL statement timeout", coded("57014")],
  ["PostgreSQL lock timeout", coded("55P03")],
  ["PostgreSQL serialization failure", coded("40001")],
  ["connection refused", coded("ECONNREFUSED")],
  ["socket closed under a write", coded("EPIPE")],
  ["socket file gone", coded("ENOENT", "connect ENOENT /tmp/.s.PGSQL.5432", { syscall: "connect" })],
  ["pg's cut connection", new Error("Connection terminated unexpectedly")],
  ["pg's pool timeout", new Error("timeout exceeded when trying to connect")],
])("%s: busy or out of reach", (_name, error) => {
  expect(isStoreUnavailable(error)).toBe(true);
});

test.each([
  ["a unique violation", coded("SQLITE_CONSTRAINT_UNIQUE")],
  ["PostgreSQL's unique violation", coded("23505")],
  ["PostgreSQL's syntax error", coded("42601")],
  ["a file missing", coded("ENOENT", "open content/x.json", { syscall: "open" })],
  ["a TypeError", new TypeError("Cannot read properties of undefined")],
  ["a string thrown", "oops"],
  ["nothing", undefined],
])("%s: a fault, not a busy store", (_name, error) => {
  expect(isStoreUnavailable(error)).toBe(false);
});
