/** How long after the load event a visible page waits for a first-contentful-paint entry that never came. */
const LAST_RESORT_MS = 3000;

/**
 * The code for one inline script that requests the given scripts once the page has painted its first
 * content (the browser's first-contentful-paint entry; a first frame can be blank while the fonts are
 * on their way). The load event, which on a light page comes before that paint, starts them only where
 * no paint is coming: a tab opened in the background, a browser without paint timing; a visible page
 * whose paint entry never arrives gets them a little later. webpack's runtime accepts its chunks in any
 * order, so the order is not needed for correctness; the scripts still download side by side but run in
 * Gatsby's order (`async = false`) because webpack starts the app in the task of whichever chunk arrives
 * last. When that was the framework, its evaluation and the app's start-up made one task, over the
 * 50 ms that Lighthouse's 4x phone CPU counts as blocking; in Chromium, which runs each ordered script
 * in its own task, they are now two tasks just under it (Firefox and Safari may still run them
 * together: no gain there, no harm). A script that fails to load does not hold up the ones after it.
 * It also sets the empty chunk map that stands in for Gatsby's (see `CHUNK_MAP`).
 */
export function afterPaintLoader(sources: readonly string[]): string {
  return (
    `window.___chunkMapping={};(function(){var s=${JSON.stringify(sources)},d=0,p=0;` +
    'function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;document.body.appendChild(e)})}' +
    "function soon(){setTimeout(go)}" +
    'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)soon()}).observe({type:"paint",buffered:true});' +
    'p=PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0}catch(e){}' +
    `addEventListener("load",function(){if(!p||document.visibilityState!=="visible")soon();else setTimeout(go,${LAST_RESORT_MS})})})();`
  );
}

// The tags Gatsby writes for its runtime (webpack runtime, framework, app) into every page, exactly so
// (gatsby/dist/utils/gatsby-webpack-stats-extractor.js); the pages' own content has no <script src>.
const RUNTIME_SCRIPT = /<script src="([^"]+\.js)" async><\/script>/g;

const LOADER_ID = "gatsby-scripts-after-paint";

/**
 * Gatsby 5's chunk map (component -> its files), as its scripts slice writes it into every page: a
 * JSON *string*, stringified twice (gatsby-webpack-stats-extractor.js), so the runtime's only reader,
 * `window.___chunkMapping[chunkName] || []` in loader.js (prefetching a linked page's files), indexes
 * a string and always gets nothing. The map is ~1 KB gzip on every page that does nothing, and it
 * grows with every page component; the loader sets the empty map the runtime in effect sees. If Gatsby
 * ever writes it as an object, the map would work and the build stops to have this revisited.
 */
// With the blank space around it, so no line of white space is left behind.
const CHUNK_MAP = /\s*<script\s+id="gatsby-chunk-mapping"\s*>\s*window\.___chunkMapping="(?:[^"\\]|\\.)*";?\s*<\/script>\s*/;
const ANY_CHUNK_MAP = /id="gatsby-chunk-mapping"/;
/** Every page Gatsby renders has its root element; the redirect pages the build writes have not. */
const GATSBY_PAGE = /<div id="___gatsby">/;
const ANY_SCRIPT_FILE = /<script\b[^>]*\ssrc=/;

/**
 * A page whose runtime scripts wait for its first paint. Gatsby's `<script async>` tags run the moment
 * they arrive, which is often before the first paint: the page's text then waits for ~90 KB of
 * JavaScript to download, parse and run, and on a phone the first and largest paints wait with it.
 * Every page's content is complete HTML, so the tags become one inline script (`afterPaintLoader`)
 * that requests the same files once the page has painted: their download starts after that paint
 * instead of with the HTML, and hydration later by as much. Gatsby's chunk map goes too (`CHUNK_MAP`):
 * the loader sets the empty map in its place. A page already rewritten comes back
 * unchanged, and so does a page Gatsby did not render (a redirect page).
 *
 * Throws, naming `file`, when a Gatsby page's tags are not the ones this expects: Gatsby's markup
 * changed, and a page left half rewritten would load its scripts before the paint, or not at all.
 */
export function loadScriptsAfterPaint(html: string, file = "a page"): string {
  if (!GATSBY_PAGE.test(html)) return html;
  if (html.includes(`id="${LOADER_ID}"`)) {
    if (ANY_SCRIPT_FILE.test(html)) throw new Error(`${file} has Gatsby's script tags beside the after-paint loader`);
    if (ANY_CHUNK_MAP.test(html)) throw new Error(`${file} has Gatsby's chunk map beside the after-paint loader`);
    return html;
  }
  const sources = [...html.matchAll(RUNTIME_SCRIPT)].map(([, source = ""]) => source);
  const names = sources.map((source) => source.replace(/^\/|-[0-9a-f]+\.js$/g, ""));
  if (!["webpack-runtime", "framework", "app"].every((name) => names.includes(name))) {
    throw new Error(
      `${file}: Gatsby's runtime tags (<script src="/webpack-runtime-….js" async></script> and the framework and app files) were not found. ` +
        "Gatsby's markup has changed: update src/node/scriptsAfterPaint.ts, or the page would load its scripts before its first paint.",
    );
  }
  if (!CHUNK_MAP.test(html)) {
    throw new Error(
      `${file}: Gatsby's chunk map (<script id="gatsby-chunk-mapping">window.___chunkMapping="…"</script>) was not found as a string. ` +
        "Gatsby's markup has changed: see CHUNK_MAP in src/node/scriptsAfterPaint.ts.",
    );
  }
  const withoutMap = html.replace(CHUNK_MAP, "");
  const first = withoutMap.search(RUNTIME_SCRIPT);
  const rest = withoutMap.replace(RUNTIME_SCRIPT, "");
  if (ANY_SCRIPT_FILE.test(rest))
    throw new Error(`${file} has a script tag the after-paint loader does not know: Gatsby's markup has changed`);
  const loader = `<script id="${LOADER_ID}">${afterPaintLoader(sources)}</script>`;
  return `${rest.slice(0, first)}${loader}${rest.slice(first)}`;
}
