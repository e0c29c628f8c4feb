import fs from "node:fs";
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { expect, test } from "@playwright/test";

/** Checks over the built site in public/, file by file: no browser needed. */
const PUBLIC = path.resolve("public");

function builtPages(): string[] {
  return fs
    .readdirSync(PUBLIC, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("every built HTML page passes html-validate (recommended preset; changes justified in tests/fixtures/html-validate-rules.md)", async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const problems: string[] = [];
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(30);
  for (const file of pages) {
    const report = await validator.validateFile(file);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(`${path.relative(PUBLIC, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

/** The file a site path is served from, or null. */
function fileFor(urlPath: string): string | null {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? "/");
  const candidates = clean.endsWith("/")
    ? [path.join(PUBLIC, clean, "index.html")]
    : [path.join(PUBLIC, clean), path.join(PUBLIC, clean, "index.html")];
  return candidates.find((file) => file.startsWith(PUBLIC) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

function idsIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string));
}

test("no broken internal link, anchor or image anywhere in the built site", () => {
  const broken: string[] = [];
  let checked = 0;
  const idCache = new Map<string, Set<string>>();
  for (const file of builtPages()) {
    const html = fs.readFileSync(file, "utf8").replace(/<script[\s\S]*?<\/script>/g, "");
    const page = `/${path.relative(PUBLIC, file).replace(/index\.html$/, "")}`;
    const refs = [
      ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string),
      ...[...html.matchAll(/\s(?:srcset|srcSet)="([^"]*)"/g)].flatMap((m) =>
        (m[1] as string).split(",").map((part) => part.trim().split(/\s+/)[0] as string),
      ),
    ];
    for (const ref of refs) {
      if (!ref || /^(https?:|mailto:|tel:|data:|\/\/)/.test(ref)) continue;
      if (ref.startsWith("/api/")) continue; // form endpoints answer POST only
      checked += 1;
      const url = new URL(ref, `http://site${page}`);
      const target = fileFor(url.pathname);
      if (!target) {
        broken.push(`${page}: ${ref} (no such file)`);
        continue;
      }
      if (url.hash && target.endsWith(".html")) {
        const ids = idCache.get(target) ?? idsIn(fs.readFileSync(target, "utf8"));
        idCache.set(target, ids);
        if (!ids.has(decodeURIComponent(url.hash.slice(1)))) broken.push(`${page}: ${ref} (no element with that id)`);
      }
    }
  }
  expect(broken).toEqual([]);
  // Links, stylesheets, scripts, every image rendition: a check over nothing would pass too.
  expect(checked).toBeGreaterThan(500);
});
