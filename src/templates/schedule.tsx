import { graphql, type PageProps } from "gatsby";
import { Actions } from "../components/Actions";
import { ButtonLink } from "../components/ButtonLink";
import { FilterBar } from "../components/FilterBar";
import { CalendarIcon } from "../components/Icons";
import { PageHeader } from "../components/PageHeader";
import { RouteHead } from "../components/RouteSeo";
import { ScheduleWeek } from "../components/ScheduleWeek";
import { Section } from "../components/Section";
import { useGymToday } from "../hooks/useGymToday";
import { useHydrated } from "../hooks/useHydrated";
import { pathTo, routeFor, type RoutePageContext } from "../routes";
import { calendarPath, programFilter, withProgramFilter } from "../schedule/week";

export default function SchedulePage({ data, pageContext, location }: PageProps<Queries.SchedulePageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const programs = data.programs.nodes.map((node) => ({ key: node.frontmatter.key ?? "", title: node.frontmatter.title }));
  const keys = programs.map((program) => program.key);
  const hydrated = useHydrated();
  const selected = hydrated ? programFilter(location.search, keys) : null;
  const today = useGymToday(pageContext.weekday, pageContext.today, data.site?.timeZone ?? "America/Los_Angeles");
  const slots = (data.schedule?.slots ?? []).filter((slot) => !selected || slot.program === selected);
  const selectedTitle = programs.find((program) => program.key === selected)?.title;

  const options = [
    { value: null, label: "All classes", href: `${route.path}${withProgramFilter(location.search, null)}` },
    ...programs.map((program) => ({
      value: program.key,
      label: program.title,
      href: `${route.path}${withProgramFilter(location.search, program.key)}`,
    })),
  ];

  return (
    <>
      <PageHeader
        eyebrow="Monday to Saturday"
        title={route.title}
        lead="Every class is coached and scaled to your level. New here? Start with Foundations, or book a free intro."
      />
      <Section>
        <FilterBar label="Filter classes by program" options={options} selected={selected} />
        <ScheduleWeek slots={slots} programs={programs} today={today.day} headingLevel={2} />
        <Actions className="no-print">
          <ButtonLink to={calendarPath(selected ?? "all")} file variant="secondary">
            <CalendarIcon />
            Add {selectedTitle ? `${selectedTitle} classes` : "all classes"} to calendar
          </ButtonLink>
          <ButtonLink to={pathTo("intro")}>Book a free intro</ButtonLink>
        </Actions>
      </Section>
    </>
  );
}

export const Head = RouteHead;

export const query = graphql`
  query SchedulePage {
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    programs: allMarkdownRemark(
      filter: { fields: { collection: { eq: "programs" } } }
      sort: { frontmatter: { order: ASC } }
    ) {
      nodes {
        frontmatter {
          key
          title
        }
      }
    }
    site: siteJson {
      timeZone
    }
  }
`;
