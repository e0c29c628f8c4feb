import { graphql, type PageProps } from "gatsby";
import { ProgramsPage } from "../components/pages/ProgramsPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function ProgramsTemplate({ data, pageContext }: PageProps<Queries.ProgramsPageQuery, RoutePageContext>) {
  return <ProgramsPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query ProgramsPage {
    programs: allProgram(sort: { order: ASC }) {
      nodes {
        ...ProgramCard
      }
    }
  }
`;
