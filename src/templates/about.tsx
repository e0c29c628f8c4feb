import { graphql, type PageProps } from "gatsby";
import { Actions } from "../components/Actions";
import { ButtonLink } from "../components/ButtonLink";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { pathTo, routeFor, type RoutePageContext } from "../routes";

export default function AboutPage({ data, pageContext }: PageProps<Queries.AboutPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader eyebrow="Since 2014" title={route.title} lead={route.description} />
      <Section>
        <Markdown html={data.page?.html ?? ""} />
        <Actions>
          <ButtonLink to={pathTo("intro")}>Book a free intro</ButtonLink>
          <ButtonLink to="/schedule/" variant="secondary">
            See the schedule
          </ButtonLink>
        </Actions>
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query AboutPage {
    page: markdownRemark(fields: { collection: { eq: "pages" }, slug: { eq: "about" } }) {
      html
    }
  }
`;
