/**
 * Keeps better-sqlite3's compiled addon in npm's cache, where its installer (prebuild-install) looks
 * for a downloaded prebuilt binary before it downloads one: the next `npm ci` on this machine unpacks
 * it in a second instead of compiling SQLite again (77 s on one core here). The prebuilt binaries are
 * on GitHub, which this machine cannot reach, so every install compiled. The file is named and packed
 * as prebuild-install names and unpacks a download (its own `cachedPrebuild` and `getDownloadUrl`):
 * the package's version, Node's ABI, the platform and the architecture are all in the name, so an
 * upgrade of either compiles again.
 *
 *   node .ci/keep-sqlite-build.cjs     (after `npm ci`; CI runs it)
 */
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const PACKAGE = path.resolve("node_modules/better-sqlite3");
const ADDON = "build/Release/better_sqlite3.node";

process.chdir(PACKAGE);
const pkg = require(path.join(PACKAGE, "package.json"));
// prebuild-install as better-sqlite3 finds it, and npm's cache where npm itself says it is (the caller
// sets npm_config_cache, as npm does for an install script).
const fromPackage = (name) => require(require.resolve(name, { paths: [PACKAGE] }));
const options = fromPackage("prebuild-install/rc")(pkg);
const util = fromPackage("prebuild-install/util");
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...options, pkg }));

if (fs.existsSync(cached)) {
  console.log(`better-sqlite3 ${pkg.version}: this build is already kept (${cached})`);
} else {
  // Only an addon that loads and opens a database is kept.
  const Database = require(PACKAGE);
  new Database(":memory:").close();
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const temporary = `${cached}.${process.pid}.tmp`;
  execFileSync("tar", ["-czf", temporary, ADDON]);
  fs.renameSync(temporary, cached);
  console.log(`better-sqlite3 ${pkg.version}: compiled addon kept for the next install (${cached})`);
}
