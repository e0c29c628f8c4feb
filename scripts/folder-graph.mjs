/**
 * `npm run folder-graph`: the server's folders and the imports between them, type imports included,
 * read from the code (scripts/projectImports.mjs). Prints the graph and what the layering forbids:
 * folders that import each other both ways, imports from the floor (http/, store/, outbox/, process/
 * and the server's own top files) up into a feature or app/, and server imports of the console's
 * browser code.
 *
 *   node scripts/folder-graph.mjs            print the graph and the counts
 *   node scripts/folder-graph.mjs --write    write the graph into docs/architecture.md
 *   node scripts/folder-graph.mjs --check    fail when docs/architecture.md's graph is not the code's
 */
import fs from "node:fs";
import path from "node:path";
import { fail, readProjectImports } from "./projectImports.mjs";

const DOC = "docs/architecture.md";
const START = "<!-- folder-graph: written by `npm run folder-graph -- --write`; CI checks it -->";
const END = "<!-- /folder-graph -->";
/** The floor every feature stands on: it imports no feature. */
const FLOOR = new Set(["http", "store", "outbox", "process", "(top files)"]);

const { root, files, edges } = readProjectImports();
const SERVER = path.join(root, "src", "server") + path.sep;
const STAFF = path.join(root, "src", "staff") + path.sep;

/** A server file's folder: its first folder under src/server/, or "(top files)" for config.ts and its like. */
function folderOf(file) {
  if (!file.startsWith(SERVER)) return undefined;
  const [first, ...rest] = file.slice(SERVER.length).split(path.sep);
  return rest.length === 0 ? "(top files)" : first;
}

const folderEdges = new Map();
const upward = [];
const intoConsole = [];
for (const file of files) {
  const from = folderOf(file);
  if (!from) continue;
  for (const target of edges.get(file) ?? []) {
    if (target.startsWith(STAFF)) intoConsole.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
    const to = folderOf(target);
    if (!to || to === from) continue;
    const key = `${from}\t${to}`;
    folderEdges.set(key, (folderEdges.get(key) ?? 0) + 1);
    if (FLOOR.has(from) && !FLOOR.has(to)) upward.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
  }
}
const pairs = [...folderEdges.keys()].map((key) => key.split("\t"));
const twoWay = pairs.filter(([a, b]) => a < b && folderEdges.has(`${b}\t${a}`)).map(([a, b]) => `${a} <-> ${b}`);

/** The graph as a mermaid flowchart: one arrow per folder that imports another, with how many imports. */
function mermaid() {
  const id = (folder) => (folder === "(top files)" ? "top" : folder);
  const label = (folder) => (folder === "(top files)" ? "config, content, log..." : `${folder}/`);
  const folders = [...new Set(pairs.flat())].sort();
  const lines = ["```mermaid", "flowchart TD"];
  for (const folder of folders) lines.push(`  ${id(folder)}["${label(folder)}"]`);
  for (const [a, b] of pairs.sort()) lines.push(`  ${id(a)} -->|${folderEdges.get(`${a}\t${b}`)}| ${id(b)}`);
  lines.push("```");
  return lines.join("\n");
}

const block = `${START}\n${mermaid()}\n${END}`;
const mode = process.argv[2];
if (mode === "--write" || mode === "--check") {
  const doc = fs.readFileSync(path.join(root, DOC), "utf8");
  const at = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (at < 0 || end < at) fail(`${DOC} has no folder graph between "${START}" and "${END}".`);
  const written = doc.slice(at, end + END.length);
  if (mode === "--check") {
    if (written !== block) fail(`${DOC}'s folder graph is not the code's: run \`npm run folder-graph -- --write\`.`);
  } else {
    fs.writeFileSync(path.join(root, DOC), doc.slice(0, at) + block + doc.slice(end + END.length));
  }
}

console.log(`src/server/: ${pairs.length} folder-to-folder arrows, type imports included.`);
for (const [a, b] of pairs.sort()) console.log(`  ${a} -> ${b} (${folderEdges.get(`${a}\t${b}`)})`);
console.log(`Folders importing each other both ways: ${twoWay.length}${twoWay.length ? `: ${twoWay.join(", ")}` : ""}`);
console.log(`Imports from the floor (${[...FLOOR].join(", ")}) into a feature or app/: ${upward.length}`);
for (const line of upward) console.log(`  ${line}`);
console.log(`Imports from src/server/ into the console's browser code (src/staff/): ${intoConsole.length}`);
for (const line of intoConsole) console.log(`  ${line}`);
