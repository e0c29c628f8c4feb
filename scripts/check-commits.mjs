// Commit subjects stay under 72 characters, so `git log --oneline` and every tool that shows history
// reads them whole. Checked from the first commit that kept the rule; the history before it is left as
// it was, because rewriting it would change the hashes the project's notes cite.
import { execFileSync } from "node:child_process";

const FIRST_CHECKED = "f97df3e"; // Dependencies: Kysely 0.28 and eslint-plugin-import-x
const MAX = 72;

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
const range = `${git("rev-parse", `${FIRST_CHECKED}^`).trim()}..HEAD`;
const long = git("log", "--format=%h %s", range)
  .split("\n")
  .filter(Boolean)
  .filter((line) => line.length - line.indexOf(" ") - 1 > MAX);
if (long.length > 0) {
  console.error(`Commit subjects longer than ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`Commit subjects since ${FIRST_CHECKED}: none longer than ${MAX} characters.`);
