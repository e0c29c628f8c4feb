import { graphql, type PageProps } from "gatsby";
import { MembershipHoldPage } from "../components/pages/MembershipHoldPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function MembershipHoldTemplate({ data, pageContext }: PageProps<Queries.MembershipHoldPageQuery, RoutePageContext>) {
  return <MembershipHoldPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query MembershipHoldPage {
    policies: policiesJson {
      ...PolicyNumbers
    }
  }
`;
