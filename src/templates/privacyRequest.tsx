import { graphql, type PageProps } from "gatsby";
import { PrivacyRequestPage } from "../components/pages/PrivacyRequestPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function PrivacyRequestTemplate({ data, pageContext }: PageProps<Queries.PrivacyRequestPageQuery, RoutePageContext>) {
  return <PrivacyRequestPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query PrivacyRequestPage {
    privacy: privacyJson {
      requestResponseDays
    }
  }
`;
