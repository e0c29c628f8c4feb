import type { GatsbySSR } from "gatsby";
import oswald600 from "@fontsource/oswald/files/oswald-latin-600-normal.woff2";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2";
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff2";
import { buildAnalyticsIds } from "./src/analyticsIds";
import { analyticsHead } from "./src/ssr/analyticsTags";
import { wrapPageElement as wrap } from "./src/wrapPageElement";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = wrap;

const analyticsIds = buildAnalyticsIds();

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  // Every font file the first screen uses (display face for headings, text face in its two weights) is
  // preloaded, so it arrives with the CSS instead of after it: the text face is font-display: optional
  // and is only used when it makes the first paint (see src/styles/fonts.css).
  setHeadComponents([
    <link key="font-oswald" rel="preload" href={oswald600} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <link key="font-inter" rel="preload" href={inter400} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <link key="font-inter-bold" rel="preload" href={inter600} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <meta key="theme-color" name="theme-color" content="#16181d" />,
    // The tab icon is a PNG only: Chromium decodes it on the page's main thread just after the first
    // paint, and an SVG icon is a whole SVG document there (measured 2-6 ms a load, the PNG 2 ms or less).
    // The SVG stays in site.webmanifest, for home-screen and shortcut icons.
    <link key="icon" rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />,
    <link key="apple-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/site.webmanifest" />,
    // Google Analytics and Tag Manager, when configured, on the pages that may carry them.
    ...analyticsHead(pathname, analyticsIds),
  ]);
};
