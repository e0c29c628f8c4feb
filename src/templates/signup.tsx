import { graphql, type PageProps } from "gatsby";
import { PageHeader } from "../components/PageHeader";
import { RateCards } from "../components/RateCards";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { isMembershipPlan } from "../content/rates";
import { routeFor, type RoutePageContext } from "../routes";

export default function SignupPage({ data, pageContext }: PageProps<Queries.SignupPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const plans = (data.rates?.plans ?? []).filter(isMembershipPlan);
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section title="Choose your plan" id="plans">
        <RateCards plans={plans} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query SignupPage {
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
    }
  }
`;
