import { routeFor, routes, type RoutePageProps } from "../../routes";
import { buildSitemapTree, sitemapPages } from "../../sitemapTree";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { SitemapTree } from "../SitemapTree";

/** Every page for people: the route table as a tree, with every announcement and event under its list. */
export function SitemapPage({ data, pageContext }: RoutePageProps<Queries.SitemapPageQuery>) {
  const route = routeFor(pageContext.routePath);
  const tree = buildSitemapTree(sitemapPages(routes, data.announcements.nodes, data.events.nodes));
  return (
    <>
      <PageHeader title={route.title} lead="Every page on this website." />
      <Section>
        <SitemapTree nodes={tree} className="prose" />
      </Section>
    </>
  );
}
