import type { ReactElement, ReactNode } from "react";

type Element = ReactElement<{ src?: string; async?: boolean }>;

function isAsyncScript(node: ReactNode): node is Element {
  return typeof node === "object" && node !== null && "type" in node && node.type === "script" && Boolean((node as Element).props.async);
}

/**
 * The code for one inline script that requests the given scripts after the first frame is painted. A
 * requestAnimationFrame callback runs just before that frame's paint, so a task it queues runs just
 * after. A tab opened in the background paints no frames until it is shown; there the load event
 * starts them instead, so the page is never left unhydrated. Scripts added this way are async, as
 * Gatsby's own tags were: webpack's runtime accepts its chunks in any order.
 */
export function afterPaintLoader(sources: readonly string[]): string {
  return (
    `(function(){var s=${JSON.stringify(sources)},d=0;` +
    'function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;document.body.appendChild(e)})}' +
    'requestAnimationFrame(function(){setTimeout(go)});addEventListener("load",go)})();'
  );
}

/**
 * Gatsby ends every page with `<script async>` tags for its runtime (webpack runtime, framework, app).
 * Async scripts run the moment they arrive, which is often before the first paint: the page's text
 * then waits for ~50 KB of JavaScript to download, parse and run, and on a phone the first and largest
 * paints wait with it. Every page is complete HTML without JavaScript, so those tags are replaced by
 * one inline script (`afterPaintLoader`) that requests the same files once the page has painted; only
 * hydration waits, by one frame.
 */
export function scriptsAfterFirstPaint(components: readonly ReactNode[]): ReactNode[] {
  const sources = components.filter(isAsyncScript).map((script) => script.props.src ?? "");
  if (sources.length === 0 || sources.includes("")) return [...components];
  return [
    ...components.filter((node) => !isAsyncScript(node)),
    <script key="scripts-after-paint" id="gatsby-scripts-after-paint" dangerouslySetInnerHTML={{ __html: afterPaintLoader(sources) }} />,
  ];
}
