import { policyFacts } from "../../content/policies";
import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { Actions } from "../Actions";
import { ButtonLink } from "../ButtonLink";
import { FactList } from "../FactList";
import { PageHeader } from "../PageHeader";
import { PolicyMarkdown } from "../PolicyMarkdown";
import { Section } from "../Section";

/** The membership terms: the numbers at a glance, then staff's text with the same numbers filled in. */
export function PoliciesPage({ data, pageContext }: RoutePageProps<Queries.PoliciesPageQuery>) {
  const route = routeFor(pageContext.routePath);
  const { page, policies, privacy } = data;
  if (!page) throw new Error("content/pages/policies.md is missing");
  return (
    <>
      <PageHeader eyebrow="Membership" title={page.title} lead={route.description} />
      <Section>
        <FactList caption="At a glance" facts={policyFacts(policies)} />
      </Section>
      <Section tone="muted">
        <PolicyMarkdown html={page.html} policies={policies} privacy={privacy} />
        <Actions className="no-print">
          <ButtonLink to={pathTo("hold")}>Request a hold or cancellation</ButtonLink>
        </Actions>
      </Section>
    </>
  );
}
