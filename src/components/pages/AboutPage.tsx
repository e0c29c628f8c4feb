import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { ButtonLink } from "../ButtonLink";
import { IntroActions } from "../IntroActions";
import { Markdown } from "../Markdown";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** The gym's story from content/pages/about.md, under the route's title and description. */
export function AboutPage({ data, pageContext }: RoutePageProps<Queries.AboutPageQuery>) {
  const route = routeFor(pageContext.routePath);
  if (!data.page) throw new Error("content/pages/about.md is missing");
  return (
    <>
      <PageHeader eyebrow="Since 2014" title={route.title} lead={route.description} />
      <Section>
        <Markdown html={data.page.html} />
        <IntroActions>
          <ButtonLink to={pathTo("coaches")} variant="secondary">
            Meet the coaches
          </ButtonLink>
          <ButtonLink to={pathTo("schedule")} variant="secondary">
            See the schedule
          </ButtonLink>
        </IntroActions>
      </Section>
    </>
  );
}
