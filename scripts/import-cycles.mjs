/**
 * `npm run cycles`: fails when the project's modules import each other in a circle, type imports
 * included. ESLint's import-x/no-cycle (eslint.config.mjs) sees only value imports; a circle of type
 * imports still ties two features together (the outbox's table and the mails it lists once did), so
 * this check reads every import TypeScript would, resolved as tsconfig.json resolves it.
 *
 *   node scripts/import-cycles.mjs [tsconfig.json]
 */
import path from "node:path";
import ts from "typescript";

const configFile = path.resolve(process.argv[2] ?? "tsconfig.json");
const root = path.dirname(configFile);
/** Ends the check as failed: a check that read nothing, or could not follow an import, proves nothing. */
function fail(message) {
  console.error(message);
  process.exit(1);
}
const format = (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
if (error) fail(`Cannot read ${configFile}: ${format(error)}`);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
if (parsed.errors.length) fail(`${configFile}: ${parsed.errors.map(format).join("; ")}`);
const ours = (file) => !file.includes(`${path.sep}node_modules${path.sep}`) && !file.endsWith(".d.ts");
const files = parsed.fileNames.map((file) => path.resolve(file)).filter(ours);
if (files.length === 0) fail(`${configFile} names no file to check.`);

/** Each file's imports of the project's own files: static, type-only, re-exports and import(). */
const edges = new Map();
const unresolved = [];
for (const file of files) {
  const info = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
  const targets = new Set();
  for (const { fileName } of info.importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, parsed.options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && ours(resolved)) targets.add(path.resolve(resolved));
    // A package may be absent or types-only; a relative import that leads nowhere is a mistake here.
    else if (!resolved && fileName.startsWith(".") && !/\.(css|json|svg|png|jpe?g|webp|md)$/.test(fileName)) {
      unresolved.push(`${path.relative(root, file)}: "${fileName}"`);
    }
  }
  edges.set(file, [...targets]);
}

if (unresolved.length) fail(`Imports that lead to no file:\n  ${unresolved.join("\n  ")}`);

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
