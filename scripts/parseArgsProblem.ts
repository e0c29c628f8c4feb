/**
 * node:util parseArgs's errors (unknown option, missing value...) as one line in the scripts' own
 * words; any other error is thrown on. Shared by the staff CLI and self-host-config.
 */
export function parseArgsProblem(error: unknown): string {
  // By its code, not `instanceof Error`: Node makes these errors in its own realm, which a test's sandbox does not share.
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS_") || typeof message !== "string") throw error;
  // Node quotes what it read: the unexpected argument, or the option ("--id <value>", "-h, --help"), named here by its long form.
  const quoted = /'([^']*)'/.exec(message)?.[1];
  const option = quoted
    ?.split(/[ ,]+/)
    .filter((word) => word.startsWith("-"))
    .pop();
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `Unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    return message.includes("does not take an argument") ? `${option} takes no value` : `${option} needs a value`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && quoted !== undefined) return `Unexpected argument "${quoted}"`;
  return message.split("\n")[0] ?? code;
}
