import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ADMIN_HEADERS, ADMIN_PATH, contentSecurityPolicy, isAdminPath } from "../headers";

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

/** The address each built page answers at: "index.html" -> "/", "about/index.html" -> "/about/". */
export function pagePath(publicDir: string, file: string): string {
  const relative = path.relative(publicDir, file).split(path.sep).join("/");
  return `/${relative.replace(/(^|\/)index\.html$/, "$1")}`;
}

/**
 * Netlify's `_headers` file: the site's CSP on every built page and the editor's headers on /admin/*, in
 * a section of its own (the adapter adds its section afterwards and keeps this one). Pages are listed
 * one by one because Netlify joins the values of two rules that match one path: a `/*` policy would
 * also apply to /admin/ and block the editor.
 */
export function writeNetlifyHeaders(publicDir: string, policy: string): void {
  const pages = htmlFiles(publicDir)
    .map((file) => pagePath(publicDir, file))
    .filter((page) => !isAdminPath(page))
    .sort();
  const rule = (source: string, headers: Record<string, string>) =>
    `${source}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}\n`)
      .join("")}`;
  const body = [...pages.map((page) => rule(page, { "Content-Security-Policy": policy })), rule(`${ADMIN_PATH}*`, ADMIN_HEADERS)].join("");
  writeSection(path.join(publicDir, "_headers"), START, END, body);
}

/**
 * With `trailingSlash: "always"` the adapter routes functions only at /api/name/; the forms (and
 * `gatsby serve`) use /api/name, so both are routed.
 */
export function writeNetlifyFunctionRoutes(
  publicDir: string,
  functions: ReadonlyArray<{ functionRoute: string; functionId: string }>,
): void {
  const body = functions.map((fn) => `/api/${fn.functionRoute}  /.netlify/functions/${fn.functionId}  200\n`).join("");
  writeSection(
    path.join(publicDir, "_redirects"),
    "# site function routes start (written by the build: src/node/csp.ts)",
    "# site function routes end",
    body,
  );
}
