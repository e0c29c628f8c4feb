import { graphql, type PageProps } from "gatsby";
import { Actions } from "../components/Actions";
import { ButtonLink } from "../components/ButtonLink";
import { FactList } from "../components/FactList";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { fillPlaceholders, placeholderValues, policyFacts } from "../content/policies";
import { routeFor, type RoutePageContext } from "../routes";

export default function PoliciesPage({ data, pageContext }: PageProps<Queries.PoliciesPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const { policies, privacy } = data;
  if (!policies || !privacy) throw new Error("content/policies.json or privacy.json is missing");
  return (
    <>
      <PageHeader eyebrow="Membership" title={data.page?.frontmatter.title ?? route.title} lead={route.description} />
      <Section>
        <FactList caption="At a glance" facts={policyFacts(policies)} />
      </Section>
      <Section tone="muted">
        <Markdown html={fillPlaceholders(data.page?.html ?? "", placeholderValues(policies, privacy))} />
        <Actions className="no-print">
          <ButtonLink to="/membership/membershipHold/">Request a hold or cancellation</ButtonLink>
        </Actions>
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query PoliciesPage {
    page: markdownRemark(fields: { collection: { eq: "pages" }, slug: { eq: "policies" } }) {
      html
      frontmatter {
        title
      }
    }
    policies: policiesJson {
      ...PolicyNumbers
    }
    privacy: privacyJson {
      ...PrivacyNumbers
    }
  }
`;
