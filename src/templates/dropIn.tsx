import { graphql, type PageProps } from "gatsby";
import { DropInPage } from "../components/pages/DropInPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function DropInTemplate({ data, pageContext }: PageProps<Queries.DropInPageQuery, RoutePageContext>) {
  return <DropInPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query DropInPage($pageKey: String) {
    page(slug: { eq: $pageKey }) {
      html
      title
      lead
    }
    rates: ratesJson {
      plans {
        price
        period
        program
        paymentLink
        description
      }
    }
    schedule: scheduleJson {
      slots {
        day
        program
      }
    }
    waiver: waiverJson {
      ...ShownWaiver
    }
  }
`;
