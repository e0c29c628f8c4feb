import { graphql, type PageProps } from "gatsby";
import { AnnouncementList } from "../components/AnnouncementList";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { routeFor, type RoutePageContext } from "../routes";

export default function AnnouncementsPage({ data, pageContext }: PageProps<Queries.AnnouncementsPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader eyebrow="News" title={route.title} lead="Events, holiday hours and schedule changes. Newest first." />
      <Section>
        <AnnouncementList items={data.announcements.nodes} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query AnnouncementsPage($listed: [String!]!) {
    announcements: allMarkdownRemark(
      filter: { fields: { collection: { eq: "announcements" }, slug: { in: $listed } } }
      sort: [{ frontmatter: { date: DESC } }, { fields: { slug: ASC } }]
    ) {
      nodes {
        ...AnnouncementSummary
      }
    }
  }
`;
