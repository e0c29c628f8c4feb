import { graphql, type PageProps } from "gatsby";
import { PageHeader } from "../components/PageHeader";
import { PaymentNote } from "../components/PaymentNote";
import { RateCards } from "../components/RateCards";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { routeFor, type RoutePageContext } from "../routes";

export default function RatesPage({ data, pageContext }: PageProps<Queries.RatesPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader eyebrow="No contracts" title={route.title} lead="Month-to-month memberships. Hold or cancel with simple notice." />
      <Section>
        <RateCards plans={data.rates?.plans ?? []} headingLevel={2} />
      </Section>
      <Section title="Good to know" id="notes" tone="muted">
        <ul className="prose">
          {(data.rates?.notes ?? []).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <PaymentNote methods={data.site?.payment ?? []} />
      </Section>
    </>
  );
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
    site: siteJson {
      payment
    }
  }
`;
