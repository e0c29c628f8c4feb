import { graphql, type PageProps } from "gatsby";
import { RatesPage } from "../components/pages/RatesPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function RatesTemplate({ data, pageContext }: PageProps<Queries.RatesPageQuery, RoutePageContext>) {
  return <RatesPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query RatesPage {
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
      notes
    }
    ...StartHere
    policies: policiesJson {
      signUpFee
      cancellationNoticeDays
    }
  }
`;
