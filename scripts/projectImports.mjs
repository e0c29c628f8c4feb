/**
 * The project's own imports, as TypeScript reads them (static, type-only, re-exports and import()),
 * resolved as tsconfig.json resolves them: what `npm run cycles` and `npm run folder-graph` count.
 */
import path from "node:path";
import ts from "typescript";

/** Ends the check as failed: a check that read nothing, or could not follow an import, proves nothing. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * Every project file tsconfig.json names (no node_modules, no .d.ts) and, for each, the project files
 * it imports. Fails on a relative import that leads to no file.
 */
export function readProjectImports(tsconfig = "tsconfig.json") {
  const configFile = path.resolve(tsconfig);
  const root = path.dirname(configFile);
  const format = (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) fail(`Cannot read ${configFile}: ${format(error)}`);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  if (parsed.errors.length) fail(`${configFile}: ${parsed.errors.map(format).join("; ")}`);
  const ours = (file) => !file.includes(`${path.sep}node_modules${path.sep}`) && !file.endsWith(".d.ts");
  const files = parsed.fileNames.map((file) => path.resolve(file)).filter(ours);
  if (files.length === 0) fail(`${configFile} names no file to check.`);

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
  return { root, files, edges };
}
