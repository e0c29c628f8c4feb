/**
 * Gatsby Function settings for the form endpoints: every body type is limited to 16 KB (Gatsby answers
 * 413 above it).
 *
 * This module lives outside src/ on purpose. Gatsby scans every file under src/ for a page `config`
 * export and, when it finds one (even in a function), builds server rendering engines that this
 * static site does not use and that fail on sharp's native module. The functions re-export it with
 * `export *`, which Gatsby's scan does not look at.
 */
export const config = {
  bodyParser: {
    json: { limit: "16kb" },
    text: { limit: "16kb" },
    raw: { limit: "16kb" },
    urlencoded: { limit: "16kb", extended: false },
  },
};
