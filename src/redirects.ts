/**
 * Old paths from the previous website -> their new home. Each becomes a permanent redirect on adapter
 * hosts (createRedirect) and a small static redirect page, so the old links work on any host.
 * `from` has no trailing slash (the old site's form); both `/x` and `/x/` are redirected.
 */
export interface Redirect {
  from: string;
  to: string;
}

export const redirects: readonly Redirect[] = [
  { from: "/membership-store", to: "/contact/?interest=membership" },
  { from: "/retail-store", to: "/contact/?interest=membership" },
  { from: "/fundementals", to: "/programs/foundations/" },
  { from: "/basic-01", to: "/programs/foundations/" },
  { from: "/membership-change-cancellation", to: "/membership/policies/" },
  { from: "/policies", to: "/membership/policies/" },
  { from: "/scedule", to: "/schedule/" },
  { from: "/membership-hold-request", to: "/membership/membershipHold/" },
];

/**
 * Where a redirect sends a visitor who arrived with `search` (e.g. "?utm_source=flyer"): the target's
 * own parameters win and the visitor's others are kept, as the static redirect pages do in the browser.
 */
export function redirectLocation(to: string, search: string): string {
  const [pathname = "/", query = ""] = to.split("?");
  const target = new URLSearchParams(query);
  new URLSearchParams(search).forEach((value, key) => {
    if (!target.has(key)) target.append(key, value);
  });
  const merged = target.toString();
  return merged ? `${pathname}?${merged}` : pathname;
}
