import { graphql, type PageProps } from "gatsby";
import { DocumentPage } from "../components/pages/DocumentPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function DocumentTemplate({ data, pageContext }: PageProps<Queries.DocumentPageQuery, RoutePageContext>) {
  return <DocumentPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query DocumentPage($pageKey: String) {
    page(slug: { eq: $pageKey }) {
      html
      title
    }
    ...Placeholders
  }
`;
