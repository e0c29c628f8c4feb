import fs from "node:fs";
import path from "node:path";
import { isAdminPath } from "../headers";
import { htmlFiles, pagePath } from "./csp";

/** A change to one built page's HTML; it throws, naming `file`, when the markup is not what it expects. */
export type PageRewrite = (html: string, file: string) => string;

/**
 * Applies each rewrite, in order, to every built page: not the web editor's, and not Gatsby's own
 * fragments in public/_gatsby/ (the slices it stitches into pages). Gatsby stitches the runtime's tags
 * into the HTML after onPreRenderHTML, so the built files are where they can be changed.
 */
export function rewriteBuiltPages(publicDir: string, rewrites: readonly PageRewrite[]): void {
  for (const file of htmlFiles(publicDir)) {
    const page = pagePath(publicDir, file);
    if (isAdminPath(page) || page.startsWith("/_gatsby/")) continue;
    const html = fs.readFileSync(file, "utf8");
    const name = path.relative(process.cwd(), file);
    const rewritten = rewrites.reduce((current, rewrite) => rewrite(current, name), html);
    if (rewritten !== html) fs.writeFileSync(file, rewritten);
  }
}
