import type { PageProps } from "gatsby";
import { LinkCards } from "../components/LinkCards";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { routeFor, routes, type RoutePageContext } from "../routes";

export default function MembershipPage({ pageContext }: PageProps<unknown, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const children = routes.filter((r) => r.path !== route.path && r.path.startsWith(route.path));
  return (
    <>
      <PageHeader eyebrow="Members" title={route.title} lead={route.description} />
      <Section>
        <LinkCards items={children.map((child) => ({ path: child.path, title: child.title, description: child.description }))} />
      </Section>
    </>
  );
}

export const Head = RouteHead;
