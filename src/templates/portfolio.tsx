import { graphql, type PageProps } from "gatsby";
import { GalleryPage } from "../components/pages/GalleryPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function PortfolioTemplate({ data, pageContext, location }: PageProps<Queries.PortfolioPageQuery, RoutePageContext>) {
  return <GalleryPage data={data} pageContext={pageContext} search={location.search} />;
}

export const Head = RouteHead;

export const query = graphql`
  query PortfolioPage {
    galleries: allGalleryJson(sort: [{ order: ASC }, { name: ASC }]) {
      nodes {
        ...GalleryWithImages
      }
    }
  }
`;
