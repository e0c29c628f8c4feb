/**
 * `npm run serve`: bundles the production server, host/main.ts with every function in src/api/, into
 * one CommonJS file with esbuild (about 0.1 s), then runs it in this process. The bundle is made again
 * only when a file it was made from has changed (or a function file was added or removed), so most
 * starts skip esbuild: its service costs 0.6 CPU-seconds a start, and the tests start ~100 servers.
 *
 * Why a bundle and not tsx: tsx compiles and resolves each of the server's ~150 TypeScript modules in a
 * loader hook at every start, through a second Node process of its own: 2.7 CPU-seconds to the first
 * answer on this machine's 2 cores, against 1.1 for the bundle. The bundle is made from the checkout at
 * every start, so the server always runs the code beside it, as it did under tsx (nothing to rebuild by
 * hand after an edit). Packages stay in node_modules (`packages: "external"`): better-sqlite3's native
 * file, nodemailer and pg load as they do anywhere else.
 *
 *   node host/serve.mjs      (from the project's root; PORT, HOST and every setting in the README apply)
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The project served: its build, and the code and content the bundle is made from (as host/main.ts). */
const ROOT = process.cwd();
const API = path.join(ROOT, "src", "api");
/** In the project's .cache, beside the build's functions: not source, never committed. */
export const SERVER_BUNDLE = path.join(ROOT, ".cache", "host", "server.cjs");
/** What the bundle was made from: each input file's size and modification time, and the function files. */
const STAMP = `${SERVER_BUNDLE}.inputs.json`;
/** The module host/functions.ts reads the functions from: empty in the source, filled in the bundle. */
const REGISTRY = /[\\/]host[\\/]bundledFunctions\.ts$/;

/** Every function file under src/api/, as Gatsby's manifest names them (relative, with extension). */
function functionFiles(dir = API) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[jt]sx?$/.test(entry.name))
    .map((entry) => path.relative(API, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Replaces host/bundledFunctions.ts with a module that imports each function file by name. */
const bundledFunctions = {
  name: "bundled-functions",
  setup(esbuild) {
    esbuild.onLoad({ filter: REGISTRY }, () => {
      const files = functionFiles();
      const imports = files.map((file, i) => `import * as f${i} from ${JSON.stringify(path.join(API, file))};`);
      const entries = files.map((file, i) => `  ${JSON.stringify(file)}: f${i},`);
      return {
        contents: `${imports.join("\n")}\nexport const bundledFunctions = {\n${entries.join("\n")}\n};\n`,
        loader: "ts",
        resolveDir: API,
      };
    });
  },
};

/** Writes `file` whole or not at all: servers starting at once each write the same bundle. */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/** The stamp of the checkout as it is now, for the files a bundle was made from. */
function stampOf(files) {
  return JSON.stringify({
    functions: functionFiles(),
    files: Object.fromEntries(
      files.map((file) => {
        const stat = fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false });
        return [file, stat ? `${stat.size} ${stat.mtimeMs}` : "gone"];
      }),
    ),
  });
}

function isFresh() {
  try {
    const stamp = fs.readFileSync(STAMP, "utf8");
    return fs.existsSync(SERVER_BUNDLE) && stamp === stampOf(Object.keys(JSON.parse(stamp).files));
  } catch {
    return false;
  }
}

/** Bundles the server unless the bundle on disk was made from the files as they are now. */
export async function bundleServer() {
  if (isFresh()) return;
  const result = await build({
    entryPoints: [path.join(ROOT, "host", "main.ts")],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    packages: "external",
    sourcemap: true,
    outfile: SERVER_BUNDLE,
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins: [bundledFunctions],
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // The map first, so a bundle on disk always has its map beside it.
  const isMap = (output) => output.path.endsWith(".map");
  for (const output of [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((output) => !isMap(output))])
    writeAtomically(output.path, output.contents);
  // esbuild names its inputs relative to the working directory; the stamp names them from the checkout.
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.relative(ROOT, path.resolve(input)));
  writeAtomically(STAMP, stampOf([...inputs, path.relative(ROOT, fileURLToPath(import.meta.url))]));
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
  // Stack traces name the TypeScript files and lines, as they did under tsx.
  process.setSourceMapsEnabled(true);
  createRequire(import.meta.url)(SERVER_BUNDLE);
}
