import { graphql, type PageProps } from "gatsby";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { routeFor, type RoutePageContext } from "../routes";

export default function PrivacyPage({ data, pageContext }: PageProps<Queries.PrivacyPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader title={route.title} lead={route.description} />
      <Section>
        <Markdown html={data.page?.html ?? ""} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query PrivacyPage {
    page: markdownRemark(fields: { collection: { eq: "pages" }, slug: { eq: "privacy" } }) {
      html
    }
  }
`;
