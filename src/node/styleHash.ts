import type { Compiler } from "webpack";

/**
 * Makes a build after a CSS-only edit re-render the pages.
 *
 * The site's styles are inlined into every page, but Gatsby re-renders a page's HTML only when its data
 * or the HTML renderer's chunk hashes change, and webpack leaves extracted CSS out of both. So a change
 * to a colour or a font metric kept the old HTML whenever `.cache` survived, on a laptop or on a host
 * that caches between deploys. The browser build runs first: it records its stylesheets' content
 * hashes, which are folded into its own compilation hash (the runtime's new-build check reads that, so
 * open tabs reload into the new styles) and into the renderer's chunk hash (which marks every page's
 * HTML stale).
 */
let browserStyles = "";

function styleHashes(compilation: Parameters<Parameters<Compiler["hooks"]["thisCompilation"]["tap"]>[1]>[0]): string {
  return [...compilation.chunks]
    .map((chunk) => chunk.contentHash["css/mini-extract"])
    .filter((hash): hash is string => Boolean(hash))
    .sort()
    .join(",");
}

/** For the browser build (stage build-javascript). */
export class RecordBrowserStyles {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("RecordBrowserStyles", (compilation) => {
      compilation.hooks.fullHash.tap("RecordBrowserStyles", (hash) => {
        browserStyles = styleHashes(compilation);
        hash.update(browserStyles);
      });
    });
  }
}

/** For the HTML renderer (stage build-html), built after the browser bundle. */
export class BrowserStylesInRendererHash {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("BrowserStylesInRendererHash", (compilation) => {
      compilation.hooks.chunkHash.tap("BrowserStylesInRendererHash", (chunk, hash) => {
        if (chunk.name === "render-page") hash.update(browserStyles);
      });
    });
  }
}
