import type { Compiler } from "webpack";

/**
 * Makes a build after a CSS-only edit re-render the pages.
 *
 * The site's styles are inlined into every page, but Gatsby (with slices, its default) re-renders a
 * page's HTML only when its data or the HTML renderer's chunk hashes change, and the renderer bundle
 * holds only the CSS Modules' class names, not the CSS. So a change to a colour or a font metric kept
 * the old HTML whenever `.cache` survived, on a laptop or on a host that caches between deploys. The
 * browser build runs first and records its stylesheets' content hashes; the renderer folds them into
 * its render-page chunk hash, which marks every page's HTML stale. (The browser bundle's own hash
 * already covers its CSS, so open tabs see the new build without help.)
 */
let browserStyles: string | undefined;

/** For the browser build (stage build-javascript). */
export class RecordBrowserStyles {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("RecordBrowserStyles", (compilation) => {
      // afterHash: every chunk's content hash, the stylesheets' included, is final by then.
      compilation.hooks.afterHash.tap("RecordBrowserStyles", () => {
        browserStyles = [...compilation.chunks]
          .map((chunk) => chunk.contentHash["css/mini-extract"])
          .filter((hash): hash is string => Boolean(hash))
          .sort()
          .join(",");
      });
    });
  }
}

/** For the HTML renderer (stage build-html), which Gatsby builds after the browser bundle. */
export class BrowserStylesInRendererHash {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("BrowserStylesInRendererHash", (compilation) => {
      compilation.hooks.chunkHash.tap("BrowserStylesInRendererHash", (chunk, hash) => {
        if (chunk.name !== "render-page") return;
        // Failing loudly beats shipping stale pages if Gatsby or mini-css-extract-plugin change.
        if (!browserStyles) throw new Error("styleHash: the browser build recorded no stylesheets before the HTML renderer was built");
        hash.update(browserStyles);
      });
    });
  }
}
