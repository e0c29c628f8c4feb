import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { analyticsAllowed } from "../analyticsScope";
import { ADMIN_HEADERS, ADMIN_PATH, contentSecurityPolicy, isAdminPath, type PagePolicies } from "../headers";

/** Every HTML file under a folder. */
export function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPES = /type="(application\/ld\+json|application\/json)"/i;

const MARKDOWN_OPEN = /<div\b[^>]*\bdata-markdown\b[^>]*>/gi;
const DIV_TAG = /<(\/?)div\b[^>]*>/gi;

/** The page without the markdown staff wrote (Markdown.tsx's `data-markdown` blocks, nested divs and all). */
export function withoutMarkdown(html: string): string {
  let out = "";
  let from = 0;
  for (const open of html.matchAll(MARKDOWN_OPEN)) {
    if (open.index < from) continue;
    out += html.slice(from, open.index);
    let depth = 1;
    DIV_TAG.lastIndex = open.index + open[0].length;
    let tag: RegExpExecArray | null;
    while (depth > 0 && (tag = DIV_TAG.exec(html))) depth += tag[1] ? -1 : 1;
    // An unclosed block runs to the end of the page: nothing after it is trusted either.
    from = depth === 0 ? DIV_TAG.lastIndex : html.length;
  }
  return out + html.slice(from);
}

/**
 * sha256 (base64) of each inline script a browser would run, as CSP hashes them: only those the build
 * wrote. A script inside staff-written markdown (which the content check already refuses) is never
 * allowed by our own policy.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of withoutMarkdown(html).matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPES.test(attributes) || body.length === 0) continue;
    hashes.push(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return hashes;
}

/**
 * Each built page's Content-Security-Policy: the hashes of that page's own inline scripts. One
 * site-wide list would carry every page's hashes (each page's `window.pagePath` script differs) in
 * every answer, 2-3 KB of header that pushed the home page past the first round trip. A page's policy
 * stays in force after client-side navigation; the pages navigated to run none of their inline scripts
 * then (Gatsby renders them from page data), so the first page's list is enough. Google's hosts are
 * allowed only when the build has analytics, and never on a page without it (src/analyticsScope.ts).
 */
export function buildCsp(publicDir: string, analytics: boolean): PagePolicies {
  return Object.fromEntries(
    htmlFiles(publicDir)
      .map((file) => [pagePath(publicDir, file), file] as const)
      .filter(([page]) => !isAdminPath(page))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([page, file]) => {
        const scriptHashes = inlineScriptHashes(fs.readFileSync(file, "utf8"));
        return [page, contentSecurityPolicy({ scriptHashes, analytics: analytics && analyticsAllowed(page) })];
      }),
  );
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
 * Netlify's `_headers` file: each built page's CSP and the editor's headers on /admin/*, in a section of
 * its own (the adapter adds its section afterwards and keeps this one). Pages are listed one by one:
 * each has its own policy, and Netlify joins the values of two rules that match one path, so a `/*`
 * policy would also apply to /admin/ and block the editor.
 */
export function writeNetlifyHeaders(publicDir: string, policies: PagePolicies): void {
  const rule = (source: string, headers: Record<string, string>) =>
    `${source}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}\n`)
      .join("")}`;
  const body = [
    ...Object.entries(policies).map(([page, policy]) => rule(page, { "Content-Security-Policy": policy })),
    rule(`${ADMIN_PATH}*`, ADMIN_HEADERS),
  ].join("");
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
