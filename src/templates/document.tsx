import { graphql, type PageProps } from "gatsby";
import { Actions } from "../components/Actions";
import { ButtonLink } from "../components/ButtonLink";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { fillPlaceholders, placeholderValues } from "../content/policies";
import { pathTo, routeFor, type RoutePageContext } from "../routes";

/** A page of text from content/pages (the privacy notices), with {{placeholders}} filled from content. */
export default function DocumentPage({ data, pageContext }: PageProps<Queries.DocumentPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const { page, policies, privacy } = data;
  if (!page || !policies || !privacy) throw new Error(`content/pages/${pageContext.pageKey}.md, policies.json or privacy.json is missing`);
  return (
    <>
      <PageHeader title={page.frontmatter.title ?? route.title} lead={route.description} />
      <Section>
        <Markdown html={fillPlaceholders(page.html ?? "", placeholderValues(policies, privacy))} />
        <Actions className="no-print">
          <ButtonLink to={pathTo("privacyRequest")}>Ask about your data</ButtonLink>
        </Actions>
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query DocumentPage($pageKey: String) {
    page: markdownRemark(fields: { collection: { eq: "pages" }, slug: { eq: $pageKey } }) {
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
