import { type ReactNode } from "react";
import type { HeadProps } from "gatsby";
import { routeFor, type RoutePageContext } from "../routes";
import { Seo } from "./Seo";

/** The Head of a page from the route table: title, description and keywords come from src/routes.ts. */
export function RouteSeo({ routePath, pathname, children }: { routePath: string; pathname: string; children?: ReactNode }) {
  const route = routeFor(routePath);
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
