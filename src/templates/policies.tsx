import { graphql, type PageProps } from "gatsby";
import { PoliciesPage } from "../components/pages/PoliciesPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function PoliciesTemplate({ data, pageContext }: PageProps<Queries.PoliciesPageQuery, RoutePageContext>) {
  return <PoliciesPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query PoliciesPage {
    page(slug: { eq: "policies" }) {
      html
      title
    }
    ...Placeholders
  }
`;
