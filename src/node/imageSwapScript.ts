/**
 * gatsby-plugin-image writes the same inline module script after every image it draws: it moves each
 * lazy image's `data-src` and `data-srcset` on the page into `src` and `srcset` (native lazy loading
 * takes over from there) and shows the images already loaded. A module script runs only once the whole
 * page has been parsed, so the first copy already reaches every image on it; the gallery carried 18
 * copies, each compiled and run over all its images again, writing their styles each time. The first
 * copy stays and the others go. The addresses are then written in place (src/node/imageAddresses.ts,
 * the rewrite after this one), and the copy kept is what shows an image that finished loading before
 * the scripts ran (its `e.complete` branch): with its address in the HTML an image can load while the
 * page is still parsed, before the head's load listener exists, and gatsby-plugin-image's own code
 * never sets that image's opacity. Do not remove it as redundant.
 */
const SWAP_SCRIPT = /<script type="module">(?=[^<]*querySelectorAll\("img\[data-main-image\]"\))[^<]*\.dataset\.src\b[^<]*<\/script>/g;

/** An image whose address waits in `data-src` for the swap script: without it the image never loads. */
const WAITING_IMAGE = /<img\b[^>]*\sdata-src="/;

/**
 * The page with one copy of gatsby-plugin-image's swap script, the first. Throws, naming `file`, when
 * an image waits for the script but none is recognised, or when the copies differ: gatsby-plugin-image's
 * markup has changed, and dropping a copy that does something else could leave images unloaded.
 */
export function keepOneSwapScript(html: string, file = "a page"): string {
  const copies = [...html.matchAll(SWAP_SCRIPT)].map(([copy]) => copy);
  const [first] = copies;
  if (first === undefined) {
    if (WAITING_IMAGE.test(html))
      throw new Error(
        `${file}: an image waits in data-src, but gatsby-plugin-image's swap script was not found. ` +
          "Its markup has changed: see src/node/imageSwapScript.ts.",
      );
    return html;
  }
  if (copies.some((copy) => copy !== first))
    throw new Error(`${file}: gatsby-plugin-image's swap scripts differ from one another; see src/node/imageSwapScript.ts.`);
  let kept = false;
  return html.replace(SWAP_SCRIPT, (copy) => {
    if (kept) return "";
    kept = true;
    return copy;
  });
}
