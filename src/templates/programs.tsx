import { graphql, type PageProps } from "gatsby";
import { PageHeader } from "../components/PageHeader";
import { ProgramCards } from "../components/ProgramCards";
import { RouteHead } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { routeFor, type RoutePageContext } from "../routes";

export default function ProgramsPage({ data, pageContext }: PageProps<Queries.ProgramsPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader eyebrow="Programs" title={route.title} lead={route.description} />
      <Section>
        <ProgramCards programs={data.programs.nodes} headingLevel={2} />
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query ProgramsPage {
    programs: allMarkdownRemark(filter: { fields: { collection: { eq: "programs" } } }, sort: { frontmatter: { order: ASC } }) {
      nodes {
        ...ProgramCard
      }
    }
  }
`;
