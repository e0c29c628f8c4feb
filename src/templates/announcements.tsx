import { graphql, type PageProps } from "gatsby";
import { AnnouncementsPage } from "../components/pages/AnnouncementsPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function AnnouncementsTemplate({ data, pageContext }: PageProps<Queries.AnnouncementsPageQuery, RoutePageContext>) {
  return <AnnouncementsPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query AnnouncementsPage($listed: [String!]!) {
    announcements: allAnnouncement(filter: { slug: { in: $listed } }, sort: [{ date: DESC }, { slug: ASC }]) {
      nodes {
        ...AnnouncementSummary
      }
    }
  }
`;
