import { graphql, type PageProps } from "gatsby";
import { CoachesPage } from "../components/pages/CoachesPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function CoachesTemplate({ data, pageContext }: PageProps<Queries.CoachesPageQuery, RoutePageContext>) {
  return <CoachesPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query CoachesPage {
    coaches: allCoach(sort: [{ order: ASC }, { name: ASC }]) {
      nodes {
        ...CoachCard
      }
    }
    programs: allProgram(sort: { order: ASC }) {
      nodes {
        key
        title
      }
    }
  }
`;
