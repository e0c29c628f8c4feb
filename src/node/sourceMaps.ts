import fs from "node:fs";
import path from "node:path";

/** Where the build keeps its source maps when they are not published (the default). */
export const PRIVATE_SOURCE_MAPS = path.join(".cache", "source-maps");

/**
 * Source maps publish the site's whole source, comments included, to anyone who asks. They are moved
 * out of public/ into PRIVATE_SOURCE_MAPS (same relative paths), where scripts/long-tasks.mjs and the
 * tests read them, unless PUBLIC_SOURCE_MAPS=1 asks for them to be served (for a profiler that reads
 * them from the site). Returns how many were moved.
 */
export function keepSourceMapsPrivate(publicDir: string, privateDir: string, env: NodeJS.ProcessEnv = process.env): number {
  if (env.PUBLIC_SOURCE_MAPS === "1") return 0;
  fs.rmSync(privateDir, { recursive: true, force: true });
  const maps = fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".map"))
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)));
  for (const map of maps) {
    fs.mkdirSync(path.dirname(path.join(privateDir, map)), { recursive: true });
    fs.renameSync(path.join(publicDir, map), path.join(privateDir, map));
  }
  return maps.length;
}

/** A built script's source map, wherever this build keeps it. */
export function sourceMapOf(script: string, root = "."): string | undefined {
  return [path.join(root, PRIVATE_SOURCE_MAPS, `${script}.map`), path.join(root, "public", `${script}.map`)].find((file) =>
    fs.existsSync(file),
  );
}
