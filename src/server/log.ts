/**
 * Errors as one log line that holds no visitor data. Database drivers put the offending value in
 * fields such as `detail` and `where` (PostgreSQL quotes a whole JSON payload there) and sometimes in
 * the message itself, between quotes; logging the error object would copy a visitor's form into the
 * log. The name, the driver's code and the message with quoted parts removed are enough to act on.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return "a non-Error value was thrown";
  const code = (error as { code?: unknown }).code;
  const message = error.message
    .replace(/"[^"]*"|'[^']*'/g, "…")
    .replace(/\s+/g, " ")
    .slice(0, 300);
  return `${error.name}${typeof code === "string" ? ` [${code}]` : ""}: ${message}`;
}
