import type { GatsbySSR } from "gatsby";
import oswald600 from "@fontsource/oswald/files/oswald-latin-600-normal.woff2";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2";
import { wrapPageElement as wrap } from "./src/wrapPageElement";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = wrap;

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  // The display face is in every above-the-fold heading, and the text face in every paragraph: both
  // are preloaded so they arrive with the CSS instead of after it.
  setHeadComponents([
    <link key="font-oswald" rel="preload" href={oswald600} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <link key="font-inter" rel="preload" href={inter400} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <meta key="theme-color" name="theme-color" content="#16181d" />,
    <link key="icon" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
  ]);
};
