/**
 * `npm run cycles`: fails when the project's modules import each other in a circle, type imports
 * included. ESLint's import-x/no-cycle (eslint.config.mjs) sees only value imports; a circle of type
 * imports still ties two features together (the outbox's table and the mails it lists once did), so
 * this check reads every import TypeScript would, resolved as tsconfig.json resolves it.
 *
 *   node scripts/import-cycles.mjs [tsconfig.json]
 */
import path from "node:path";
import { readProjectImports } from "./projectImports.mjs";

const { root, files, edges } = readProjectImports(process.argv[2] ?? "tsconfig.json");

/** Tarjan's strongly connected components: each component of more than one file is a circle. */
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function visit(file) {
  indexOf.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), indexOf.get(next)));
    }
  }
  if (low.get(file) === indexOf.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = component.length === 1 && (edges.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) circles.push(component.map((f) => path.relative(root, f)).sort());
  }
}
for (const file of files) if (!indexOf.has(file)) visit(file);

if (circles.length) {
  console.error(`${circles.length} import circle(s), type imports included (docs/architecture.md, "What may import what"):`);
  for (const circle of circles) console.error(`  ${circle.join(" <-> ")}`);
  process.exit(1);
}
console.log(`No import circle among ${files.length} files, type imports included.`);
