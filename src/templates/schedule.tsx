import { graphql, type PageProps } from "gatsby";
import { SchedulePage } from "../components/pages/SchedulePage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function ScheduleTemplate({ data, pageContext, location }: PageProps<Queries.SchedulePageQuery, RoutePageContext>) {
  return <SchedulePage data={data} pageContext={pageContext} search={location.search} />;
}

export const Head = RouteHead;

export const query = graphql`
  query SchedulePage {
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    programs: allProgram(sort: { order: ASC }) {
      nodes {
        key
        title
      }
    }
  }
`;
