import { routeFor, type RoutePageProps } from "../../routes";
import { PageHeader } from "../PageHeader";
import { ProgramCards } from "../ProgramCards";
import { Section } from "../Section";

/** The programs overview: the route's title and description above a card per program. */
export function ProgramsPage({ data, pageContext }: RoutePageProps<Queries.ProgramsPageQuery>) {
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
