import { programFilterOptions, selectedProgram, slotsOf } from "../../filterOptions";
import { usePageToday } from "../../hooks/useGymToday";
import { useLiveValue } from "../../hooks/useHydrated";
import { routeFor, type RoutePageContext } from "../../routes";
import { calendarPath } from "../../schedule/week";
import { Actions } from "../Actions";
import { ButtonLink } from "../ButtonLink";
import { FilterBar } from "../FilterBar";
import { CalendarIcon } from "../Icons";
import { FreeIntroButton } from "../IntroActions";
import { PageHeader } from "../PageHeader";
import { ScheduleWeek } from "../ScheduleWeek";
import { Section } from "../Section";

/** The week's classes, filtered by program through the address (?program=), with calendar files. */
export function SchedulePage({
  data,
  pageContext,
  search,
}: {
  data: Pick<Queries.SchedulePageQuery, "schedule" | "programs">;
  pageContext: Pick<RoutePageContext, "routePath" | "weekday" | "today" | "utcOffsets">;
  search: string;
}) {
  const route = routeFor(pageContext.routePath);
  const programs = data.programs.nodes;
  // The static HTML shows every class; the filter applies once the browser knows the query string.
  const selected = useLiveValue(
    selectedProgram(
      search,
      programs.map((program) => program.key),
    ),
    null,
  );
  const today = usePageToday(pageContext);
  const selectedTitle = programs.find((program) => program.key === selected)?.title;
  return (
    <>
      <PageHeader
        eyebrow="Monday to Saturday"
        title={route.title}
        lead="Every class is coached and scaled to your level. New here? Start with Foundations, or book a free intro."
      />
      <Section>
        <FilterBar label="Filter classes by program" options={programFilterOptions(route.path, search, programs)} selected={selected} />
        <ScheduleWeek slots={slotsOf(data.schedule.slots, selected)} programs={programs} today={today.day} headingLevel={2} />
        <Actions className="no-print">
          <ButtonLink to={calendarPath(selected ?? "all")} file variant="secondary">
            <CalendarIcon />
            Add {selectedTitle ? `${selectedTitle} classes` : "all classes"} to calendar
          </ButtonLink>
          <FreeIntroButton />
        </Actions>
      </Section>
    </>
  );
}
