/**
 * gatsby-plugin-image writes a lazy image's addresses into `data-src` and `data-srcset` and leaves its
 * `sizes` where it is; its swap script (src/node/imageSwapScript.ts) moves them into `src` and `srcset`
 * once the page is parsed, in every browser with native lazy loading. Until then the HTML is invalid
 * (a `sizes` and a `<source>` without `srcset`: the W3C checker's errors, upstream gatsbyjs/gatsby#31635).
 * Written into `src` and `srcset` at build time instead, the page holds what the script would have made
 * of it: `loading="lazy"` still holds each image back until it nears the screen, and the swap script,
 * kept, still shows the images that have loaded.
 *
 * Without script the `<noscript>` copy of each image shows, as before; the main copy, which now has its
 * addresses too, is hidden then (`display: none`), so only the `<noscript>` copy is drawn; both name the
 * same files, so none is fetched twice (Chromium still picks a hidden lazy image's file: from its cache). What loads when changes in two ways: a lazy image on the first screen starts at the
 * first layout rather than after the whole page is parsed and the swap script has run (earlier, never
 * later); and a browser with script but no native lazy loading (Safari before 15.4) fetches a page's
 * images at once instead of as they near the screen.
 *
 * A constrained image's sizer (an empty SVG that gives the box its width) is `<img alt=""
 * role="presentation" aria-hidden="true">`; an empty alt already says "presentation", and the role
 * beside it is an error to the checker.
 */

/** gatsby-plugin-image's style for visitors without script, in every page's head (its gatsby-ssr). */
const NO_SCRIPT_STYLE =
  "<noscript><style>.gatsby-image-wrapper noscript [data-main-image]{opacity:1!important}.gatsby-image-wrapper [data-placeholder-image]{opacity:0!important}</style></noscript>";
/**
 * The main copy of each image, hidden without script: only the `<noscript>` copy is drawn.
 * A `<picture>` when the image has a WebP source beside its JPEG (all do: gatsby-config's formats), a
 * bare `<img>` otherwise.
 */
const HIDE_MAIN_COPY = ".gatsby-image-wrapper>picture,.gatsby-image-wrapper>[data-main-image]{display:none}";

/** gatsby-plugin-image's lazy main image and the sources beside it: the only tags it gives data-src/srcset. */
const WAITING_TAG = /<img\b(?=[^>]*\sdata-main-image="")[^>]*\sdata-srcset?="[^>]*>|<source\b[^>]*\sdata-srcset="[^>]*>/g;
const SIZER_ROLE = /(<img alt="" )role="presentation" (aria-hidden="true" )/g;

/**
 * The page with each lazy image's addresses in `src` and `srcset`. Throws, naming `file`, when an image
 * already has an address beside one that waits, or when a page with lazy images lacks the plugin's
 * style for visitors without script: gatsby-plugin-image's markup has changed.
 */
export function writeImageAddresses(html: string, file = "a page"): string {
  let waiting = false;
  const written = html.replace(SIZER_ROLE, "$1$2").replace(WAITING_TAG, (tag) => {
    if (/\ssrcset="|\ssrc="/.test(tag))
      throw new Error(`${file}: an image has an address beside one waiting in data-src: ${tag.slice(0, 120)}`);
    waiting = true;
    return tag.replace(/\sdata-(srcset|src)="/g, ' $1="');
  });
  if (!waiting) return written;
  if (!written.includes(NO_SCRIPT_STYLE))
    throw new Error(`${file}: gatsby-plugin-image's style for visitors without script was not found; see src/node/imageAddresses.ts.`);
  return written.replace(NO_SCRIPT_STYLE, NO_SCRIPT_STYLE.replace("</style>", `${HIDE_MAIN_COPY}</style>`));
}
