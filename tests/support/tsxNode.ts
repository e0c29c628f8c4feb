import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Node with tsx's loader, as `npm run submissions` and `npm run staff` run the staff's scripts (through
 * tsx), in one process: the `tsx` command starts a second Node process around the script, 0.45
 * CPU-seconds more a run on this machine, and the tests run dozens.
 */
export const TSX_NODE: readonly [string, ...string[]] = [process.execPath, "--import", "tsx"];

/** Runs one of the staff's scripts (`scripts/submissions.ts`, `scripts/staff.ts`) and returns what it printed. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): string {
  const [node, ...flags] = TSX_NODE;
  return execFileSync(node, [...flags, path.resolve(script), ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
}
