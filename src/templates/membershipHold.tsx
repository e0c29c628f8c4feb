import { graphql, type PageProps } from "gatsby";
import { FactList } from "../components/FactList";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { policyFacts } from "../content/policies";
import { routeFor, type RoutePageContext } from "../routes";

export default function MembershipHoldPage({ data, pageContext }: PageProps<Queries.MembershipHoldPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const policies = data.policies;
  if (!policies) throw new Error("content/policies.json is missing");
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section>
        <FactList caption="Hold and cancellation rules" facts={policyFacts(policies)} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query MembershipHoldPage {
    policies: policiesJson {
      holdNoticeDays
      minHoldDays
      maxHoldDays
      maxHoldsPerYear
      cancellationNoticeDays
      holdFee
      cancellationFee
      reactivationFee
    }
  }
`;
