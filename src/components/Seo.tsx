import { type ReactNode } from "react";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { FEED_PATH, feedTitle } from "../routes";
import { canonicalUrl, pageTitle, robotsFor } from "../seo/meta";

export const DEFAULT_SOCIAL_IMAGE = { path: "/og-default.jpg", width: 1200, height: 630 };

interface SeoProps {
  title: string;
  description: string;
  /** The page's own path (from the route table or content), used for the canonical URL; error pages have none. */
  path?: string;
  /** The path the browser is actually at; a missing trailing slash makes the page noindex. */
  pathname: string;
  keywords?: readonly string[];
  noindex?: boolean;
  type?: "website" | "article";
  image?: { path: string; width: number; height: number; alt: string };
  children?: ReactNode;
}

/** Every page's <head>: used only from each page's Head export. */
export function Seo({ title, description, path, pathname, keywords, noindex, type = "website", image, children }: SeoProps) {
  const site = useSiteInfo();
  const fullTitle = pageTitle(title, site.name);
  const canonical = path === undefined ? undefined : canonicalUrl(site.siteUrl, path);
  const social = image ?? { ...DEFAULT_SOCIAL_IMAGE, alt: `${site.name} logo on a dark background` };
  const imageUrl = `${site.siteUrl}${social.path}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      <meta name="robots" content={robotsFor(pathname, noindex)} />
      {canonical && <link rel="canonical" href={canonical} />}
      <link rel="alternate" type="application/rss+xml" title={feedTitle(site.name)} href={FEED_PATH} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(social.width)} />
      <meta property="og:image:height" content={String(social.height)} />
      <meta property="og:image:alt" content={social.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={social.alt} />
      {children}
    </>
  );
}
