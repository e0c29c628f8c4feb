import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { ButtonLink } from "../ButtonLink";
import { CoachCards } from "../CoachCards";
import { IntroActions } from "../IntroActions";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** The coaches from content/coaches, in their files' order, each with its own anchor (/coaches/#dana). */
export function CoachesPage({ data, pageContext }: RoutePageProps<Queries.CoachesPageQuery>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader title={route.title} lead={route.description} />
      <Section>
        <CoachCards coaches={data.coaches.nodes} programs={data.programs.nodes} />
        <IntroActions>
          <ButtonLink to={pathTo("schedule")} variant="secondary">
            See who coaches when
          </ButtonLink>
        </IntroActions>
      </Section>
    </>
  );
}
