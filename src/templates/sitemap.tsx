import { graphql, type PageProps } from "gatsby";
import { SitemapPage } from "../components/pages/SitemapPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function SitemapTemplate({ data, pageContext }: PageProps<Queries.SitemapPageQuery, RoutePageContext>) {
  return <SitemapPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query SitemapPage {
    announcements: allAnnouncement(sort: [{ date: DESC }, { slug: ASC }]) {
      nodes {
        slug
        title
      }
    }
    events: allEvent(sort: [{ start: DESC }, { slug: ASC }]) {
      nodes {
        slug
        title
      }
    }
  }
`;
