import { policyFacts } from "../../content/policies";
import { usePageToday } from "../../hooks/useGymToday";
import { routeFor, type RoutePageProps } from "../../routes";
import { FactList } from "../FactList";
import { HoldForm } from "../form/HoldForm";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { TitleLink } from "../TitleLink";
import { HydrateOnUse } from "../form/HydrateOnUse";

/** Hold and cancellation requests: the form, then the rules it checks. */
export function MembershipHoldPage({
  data,
  pageContext,
}: RoutePageProps<Queries.MembershipHoldPageQuery, "routePath" | "today" | "weekday" | "utcOffsets">) {
  const route = routeFor(pageContext.routePath);
  const today = usePageToday(pageContext);
  const policies = data.policies;
  return (
    <>
      <PageHeader eyebrow="Membership" title={route.title} lead={route.description} />
      <Section title="Your request" id="request">
        <HydrateOnUse>
          <HoldForm policy={policies} today={today.date} />
        </HydrateOnUse>
      </Section>
      <Section tone="muted">
        <FactList caption="Hold and cancellation rules" facts={policyFacts(policies)} />
        <p>
          The full terms are on the <TitleLink to="policies" /> page.
        </p>
      </Section>
    </>
  );
}
