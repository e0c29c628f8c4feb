import type { ReactElement, ReactNode } from "react";

/**
 * Rewrites the tags that gatsby-plugin-google-gtag and gatsby-plugin-google-tagmanager put in every
 * page so that no request reaches Google for visitors who send Global Privacy Control or Do Not Track:
 * - a first inline script decides once per page whether analytics may run;
 * - the plugins' inline snippets run only if so, and the gtag library is loaded by script (its
 *   <script src> tag would load it for everyone), with a failure logged, never shown;
 * - preconnect hints and GTM's <noscript> iframe go: without JavaScript the preference cannot be read.
 */
export const CONSENT_SCRIPT =
  'window.__analyticsOff=navigator.globalPrivacyControl===true||navigator.doNotTrack==="1"||window.doNotTrack==="1";' +
  // gatsby-plugin-google-tagmanager pushes to window.dataLayer after every route change; for a visitor
  // who opted out, that is an array no script ever reads, instead of a TypeError on each navigation.
  "if(window.__analyticsOff)window.dataLayer=[];";

const GTAG_SRC = "https://www.googletagmanager.com/gtag/js?id=";

type Element = ReactElement<{ dangerouslySetInnerHTML?: { __html: string }; src?: string; rel?: string; href?: string }>;

function isElement(node: ReactNode): node is Element {
  return typeof node === "object" && node !== null && "props" in node;
}

function inline(key: string, html: string): ReactElement {
  return <script key={key} dangerouslySetInnerHTML={{ __html: html }} />;
}

function loadScript(src: string): string {
  return `(function(){var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};s.onerror=function(){console.warn("Analytics did not load; the site works without it.")};document.head.appendChild(s)})();`;
}

/** The head components with the analytics tags rewritten (both plugins render into the head here). */
export function rewriteAnalyticsHead(components: readonly ReactNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  let gtagId: string | null = null;
  let consentAdded = false;
  for (const node of components) {
    if (!isElement(node)) {
      out.push(node);
      continue;
    }
    const key = String(node.key ?? "");
    if (key === "preconnect-google-gtag" || key === "dns-prefetch-google-gtag") continue;
    if (key === "gatsby-plugin-google-gtag" && node.props.src?.startsWith(GTAG_SRC)) {
      gtagId = node.props.src.slice(GTAG_SRC.length);
      continue;
    }
    if (key === "gatsby-plugin-google-gtag-config" || key === "plugin-google-tagmanager") {
      if (!consentAdded) out.push(inline("analytics-consent", CONSENT_SCRIPT));
      consentAdded = true;
      const original = node.props.dangerouslySetInnerHTML?.__html ?? "";
      const load = key === "gatsby-plugin-google-gtag-config" && gtagId ? loadScript(`${GTAG_SRC}${gtagId}`) : "";
      out.push(inline(key, `if(!window.__analyticsOff){${original}\n${load}}`));
      continue;
    }
    out.push(node);
  }
  return out;
}

export function withoutGtmNoscript(components: readonly ReactNode[]): ReactNode[] {
  return components.filter((node) => !(isElement(node) && node.key === "plugin-google-tagmanager"));
}
