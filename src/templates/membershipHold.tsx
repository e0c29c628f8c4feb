import { graphql, Link, type PageProps } from "gatsby";
import { FactList } from "../components/FactList";
import { HoldForm } from "../components/form/HoldForm";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { policyFacts } from "../content/policies";
import { useGymToday } from "../hooks/useGymToday";
import { routeFor, type RoutePageContext } from "../routes";

export default function MembershipHoldPage({ data, pageContext }: PageProps<Queries.MembershipHoldPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const policies = data.policies;
  if (!policies) throw new Error("content/policies.json is missing");
  const today = useGymToday(pageContext.weekday, pageContext.today, data.site?.timeZone ?? "America/Los_Angeles");
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section title="Your request" id="request">
        <HoldForm policy={policies} today={today.date} />
      </Section>
      <Section tone="muted">
        <FactList caption="Hold and cancellation rules" facts={policyFacts(policies)} />
        <p>
          The full terms are on the <Link to="/membership/policies/">policies page</Link>.
        </p>
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query MembershipHoldPage {
    policies: policiesJson {
      ...PolicyNumbers
    }
    site: siteJson {
      timeZone
    }
  }
`;
