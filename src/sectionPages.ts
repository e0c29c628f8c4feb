import { routes as allRoutes, type Route } from "./routes";

/**
 * The pages inside a section of the site, in route-table order: for "/membership/", sign-up, policies
 * and hold. A section's overview page links to them, so a new page under its path shows up there by
 * itself. Pure.
 */
export function sectionPages(sectionPath: string, routes: readonly Route[] = allRoutes): Route[] {
  return routes.filter((route) => route.path !== sectionPath && route.path.startsWith(sectionPath));
}
