/** Canonical URL and robots rules for every page. Pure. */

export function withTrailingSlash(path: string): string {
  const [pathname = "/", query] = path.split("?");
  const slashed = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return query === undefined ? slashed : `${slashed}?${query}`;
}

/** Site origin + path, always ending in "/" and without query or fragment. */
export function canonicalUrl(siteUrl: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const pathname = path.split(/[?#]/)[0] || "/";
  return `${origin}${withTrailingSlash(pathname.startsWith("/") ? pathname : `/${pathname}`)}`;
}

/** Pages live at paths ending in "/"; the same page reached without the slash is a duplicate. */
export function robotsFor(pathname: string, noindex = false): string {
  if (noindex || !pathname.endsWith("/")) return "noindex, nofollow";
  return "index, follow";
}

/** Search results and tabs cut titles after about 70 characters: the gym's name goes only where it fits. */
export const TITLE_MAX = 70;

export function pageTitle(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return full.length <= TITLE_MAX ? full : title;
}
