/**
 * Whether an error means the store is busy or out of reach just now, rather than a fault in the request
 * or the code: such a request did not happen and may be tried again in a moment (a 503 with Retry-After).
 *
 * - SQLite: another connection held the lock past the busy timeout (SQLITE_BUSY*, SQLITE_LOCKED*: the
 *   CLI's VACUUM, a second server), or the file could not be read, written or opened (SQLITE_IOERR*,
 *   SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_PROTOCOL).
 * - PostgreSQL: the connection could not be made or was cut (a restart, a network fault), the server is
 *   starting, shutting down or out of connections, or the statement met a lock or timeout and was
 *   called off (SQLSTATE classes 08 and 53, 57P01-57P03, 57014, 55P03, 40001, 40P01).
 */
const SQLITE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/;
const POSTGRES = /^(08|53)[0-9A-Z]{3}$|^57P0[123]$|^57014$|^55P03$|^40001$|^40P01$/;
/** A socket's failures; a missing socket file (ENOENT) only when connecting, so a missing file elsewhere stays a fault. */
const NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres's own words for a connection that was cut or never came (it gives these no code). */
const PG_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect|not queryable/;

export function isStoreUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: a driver's error may come from another realm (Node's own, under a test runner).
  if (typeof error !== "object" || error === null) return false;
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (SQLITE.test(code) || POSTGRES.test(code) || NETWORK.has(code)) return true;
    if (code === "ENOENT" && syscall === "connect") return true;
  }
  return typeof message === "string" && PG_CONNECTION.test(message);
}
