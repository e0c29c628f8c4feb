// Commit subjects stay under 72 characters, so `git log --oneline` and every tool that shows history
// reads them whole. Checked from the first commit that kept the rule; the history before it is left as
// it was, because rewriting it would change the hashes the project's notes cite.
import { execFileSync } from "node:child_process";

const FIRST_CHECKED = "f97df3e"; // Dependencies: Kysely 0.28 and eslint-plugin-import-x
const MAX = 72;

const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
let range;
try {
  range = `${git("rev-parse", "--verify", `${FIRST_CHECKED}^`).trim()}..HEAD`;
} catch {
  // A shallow clone or an export without history: there is nothing here to check.
  console.log(`Commit subjects not checked: ${FIRST_CHECKED} is not in this checkout's history.`);
  process.exit(0);
}
// Merge commits' subjects are written by the hosting service, not by us.
const long = git("log", "--no-merges", "--format=%h %s", range)
  .split("\n")
  .filter(Boolean)
  .filter((line) => line.length - line.indexOf(" ") - 1 > MAX);
if (long.length > 0) {
  console.error(`Commit subjects longer than ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`Commit subjects since ${FIRST_CHECKED}: none longer than ${MAX} characters.`);
