import { graphql, type PageProps } from "gatsby";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { SitemapTree } from "../components/SitemapTree";
import { routeFor, routes, type RoutePageContext } from "../routes";
import { buildSitemapTree } from "../sitemapTree";

/** Every page for people: the route table as a tree, with every announcement under Announcements. */
export default function SitemapPage({ data, pageContext }: PageProps<Queries.SitemapPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const announcements = data.announcements.nodes.map((node) => ({
    path: `/announcements/${node.fields.slug}/`,
    title: node.frontmatter.title,
  }));
  const tree = buildSitemapTree([...routes.map((r) => ({ path: r.path, title: r.title })), ...announcements]);
  return (
    <>
      <PageHeader title={route.title} lead="Every page on this website." />
      <Section>
        <SitemapTree nodes={tree} className="prose" />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query SitemapPage {
    announcements: allMarkdownRemark(
      filter: { fields: { collection: { eq: "announcements" } } }
      sort: [{ frontmatter: { date: DESC } }, { fields: { slug: ASC } }]
    ) {
      nodes {
        fields {
          slug
        }
        frontmatter {
          title
        }
      }
    }
  }
`;
