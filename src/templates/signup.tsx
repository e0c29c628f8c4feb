import { graphql, type PageProps } from "gatsby";
import { SignupPage } from "../components/pages/SignupPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function SignupTemplate({ data, pageContext, location }: PageProps<Queries.SignupPageQuery, RoutePageContext>) {
  return <SignupPage data={data} pageContext={pageContext} search={location.search} />;
}

export const Head = RouteHead;

export const query = graphql`
  query SignupPage {
    rates: ratesJson {
      plans {
        id
        name
        price
        period
        program
        paymentLink
      }
    }
    waiver: waiverJson {
      ...ShownWaiver
    }
  }
`;
