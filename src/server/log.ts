/**
 * Errors as one log line that holds no visitor data. Database drivers put the offending value in
 * fields such as `detail` and `where` (PostgreSQL quotes a whole JSON payload there) and sometimes in
 * the message itself, between quotes; mail servers put the address they refused. Logging the error
 * object would copy a visitor's data into the log. The name, the driver's code and the message with
 * quoted parts and addresses removed are enough to act on.
 */
export function errorSummary(error: unknown): string {
  // By shape, not instanceof: errors made in another realm (a native addon's, a test sandbox's) count too.
  const {
    name,
    message: raw,
    code,
  } = (typeof error === "object" && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
  };
  if (typeof raw !== "string") return "a non-Error value was thrown";
  const message = raw
    .replace(/"[^"]*"|'[^']*'/g, "…")
    // Mail servers name the address they refused (<ana@example.com>: ...): not for the log.
    .replace(/[^\s<>()[\]:;,"']+@[^\s<>()[\]:;,"']+/g, "…@…")
    .replace(/\s+/g, " ")
    .slice(0, 300);
  return `${typeof name === "string" ? name : "Error"}${typeof code === "string" ? ` [${code}]` : ""}: ${message}`;
}
