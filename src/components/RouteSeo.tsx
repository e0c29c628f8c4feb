import { type ReactNode } from "react";
import type { HeadProps } from "gatsby";
import { findRoute, routeFor, type RoutePageContext } from "../routes";
import { Seo } from "./Seo";

/**
 * The Head of a page from the route table: title, description and keywords come from src/routes.ts.
 * A missing route fails the build; in the browser (page data naming a route this bundle lacks) the page
 * itself shows the error, and its head still gets a title, unindexed, rather than none at all.
 */
export function RouteSeo({ routePath, pathname, children }: { routePath: string; pathname: string; children?: ReactNode }) {
  const route = typeof window === "undefined" ? routeFor(routePath) : findRoute(routePath);
  if (!route) return <Seo title="Something went wrong" description="" pathname={pathname} noindex />;
  return (
    <Seo title={route.title} description={route.description} keywords={route.keywords} path={route.path} pathname={pathname}>
      {children}
    </Seo>
  );
}

/** For templates whose Head needs nothing beyond the route's own metadata. */
export function RouteHead({ location, pageContext }: HeadProps<unknown, RoutePageContext>) {
  return <RouteSeo routePath={pageContext.routePath} pathname={location.pathname} />;
}
