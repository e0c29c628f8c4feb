import fs from "node:fs";
import path from "node:path";
import type { Actions } from "gatsby";
import { redirects, type Redirect } from "../redirects";

/** Real 301s where the host supports them (adapters read createRedirect). */
export function createRedirects(createRedirect: Actions["createRedirect"]): void {
  for (const { from, to } of redirects) {
    for (const fromPath of [from, `${from}/`]) {
      createRedirect({ fromPath, toPath: to, isPermanent: true, redirectInBrowser: true, force: true });
    }
  }
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The script keeps the visitor's own query and fragment (the target's parameters win). It is a fixed
 * string apart from the JSON-encoded target, so a content-security policy can allow it by hash.
 */
export function redirectScript(to: string): string {
  return (
    `(function(){var t=new URL(${JSON.stringify(to)},location.href);` +
    `new URLSearchParams(location.search).forEach(function(v,k){if(!t.searchParams.has(k))t.searchParams.append(k,v)});` +
    `location.replace(t.pathname+t.search+location.hash)})()`
  );
}

/** A page at the old path that works on any static host, with or without scripts. */
export function redirectPage({ to }: Redirect, origin: string): string {
  const absolute = escapeHtml(`${origin}${to}`);
  const href = escapeHtml(to);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>This page has moved</title>
<meta name="robots" content="noindex, follow"/>
<link rel="canonical" href="${absolute}"/>
<script>${redirectScript(to)}</script>
<noscript><meta http-equiv="refresh" content="0; url=${href}"/></noscript>
</head>
<body>
<main>
<h1>This page has moved</h1>
<p>Its new address is <a href="${href}">${absolute}</a>.</p>
</main>
</body>
</html>
`;
}

export function writeRedirectPages(publicDir: string, origin: string): string[] {
  return redirects.map((redirect) => {
    const file = path.join(publicDir, redirect.from, "index.html");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, redirectPage(redirect, origin));
    return file;
  });
}
