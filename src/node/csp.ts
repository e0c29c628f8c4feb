import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { contentSecurityPolicy } from "../headers";

/** Every HTML file under a folder. */
export function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPES = /type="(application\/ld\+json|application\/json)"/i;

/** sha256 (base64) of each inline script a browser would run, as CSP hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPES.test(attributes) || body.length === 0) continue;
    hashes.push(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return hashes;
}

/** The site's Content-Security-Policy: the hashes of every inline script in every built page. */
export function buildCsp(publicDir: string, analytics: boolean): { policy: string; hashes: string[] } {
  const hashes = [...new Set(htmlFiles(publicDir).flatMap((file) => inlineScriptHashes(fs.readFileSync(file, "utf8"))))].sort();
  return { policy: contentSecurityPolicy({ scriptHashes: hashes, analytics }), hashes };
}

const START = "# site headers start (written by the build: src/node/csp.ts)";
const END = "# site headers end";

/** Replaces (or adds) our own section at the top of a Netlify rules file, keeping everything else. */
function writeSection(file: string, start: string, end: string, body: string): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const kept = existing.replace(new RegExp(`${escape(start)}[\\s\\S]*?${escape(end)}\\n?`, "g"), "");
  fs.writeFileSync(file, `${start}\n${body}${end}\n${kept}`);
}

/**
 * Netlify's `_headers` file: the CSP for every path, in a section of its own. The adapter adds its own
 * section (the gatsby-config headers) afterwards and keeps this one.
 */
export function writeNetlifyHeaders(publicDir: string, policy: string): void {
  writeSection(path.join(publicDir, "_headers"), START, END, `/*\n  Content-Security-Policy: ${policy}\n`);
}

/**
 * With `trailingSlash: "always"` the adapter routes functions only at /api/name/; the forms (and
 * `gatsby serve`) use /api/name, so both are routed.
 */
export function writeNetlifyFunctionRoutes(publicDir: string, functions: ReadonlyArray<{ functionRoute: string; functionId: string }>): void {
  const body = functions.map((fn) => `/api/${fn.functionRoute}  /.netlify/functions/${fn.functionId}  200\n`).join("");
  writeSection(path.join(publicDir, "_redirects"), "# site function routes start (written by the build: src/node/csp.ts)", "# site function routes end", body);
}
