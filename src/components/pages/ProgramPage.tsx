import { getImage } from "gatsby-plugin-image";
import { ofProgram, programSchedulePath } from "../../content/programs";
import { usePageToday } from "../../hooks/useGymToday";
import type { RoutePageContext } from "../../routes";
import { calendarPath } from "../../schedule/week";
import { Actions } from "../Actions";
import { ArticleImage } from "../ArticleImage";
import { ButtonLink } from "../ButtonLink";
import { CalendarIcon } from "../Icons";
import { Markdown } from "../Markdown";
import { ProgramArticle } from "../ProgramArticle";
import { RateCards } from "../RateCards";
import { ScheduleWeek } from "../ScheduleWeek";
import { Section } from "../Section";

/** One program's page: its own text from content/programs, with its class times and plans from the shared files. */
export function ProgramPage({
  data,
  pageContext,
}: {
  data: Queries.ProgramPageQuery;
  pageContext: Pick<RoutePageContext, "programKey" | "today" | "weekday" | "utcOffsets">;
}) {
  const today = usePageToday(pageContext);
  const program = data.program;
  if (!program) throw new Error(`No program file for "${pageContext.programKey}"`);
  const { key, title } = program;
  const slots = ofProgram(data.schedule.slots, key);
  const plans = ofProgram(data.rates.plans, key);
  const image = getImage(program.hero.childImageSharp?.gatsbyImageData ?? null);
  return (
    <ProgramArticle
      title={title}
      tagline={program.tagline}
      audience={program.audience}
      image={image && <ArticleImage image={image} alt={program.heroAlt} />}
      highlights={program.highlights}
      faq={program.faq}
      body={<Markdown html={program.html} />}
    >
      <Section title="Class times" id="classes" tone="muted">
        <ScheduleWeek slots={slots} programs={[{ key, title }]} today={today.day} />
        <Actions>
          <ButtonLink to={programSchedulePath(key)} variant="secondary">
            Full schedule
          </ButtonLink>
          <ButtonLink to={calendarPath(key)} file variant="secondary">
            <CalendarIcon /> Add to calendar
          </ButtonLink>
        </Actions>
      </Section>
      {plans.length > 0 && (
        <Section title="Rates" id="rates">
          <RateCards plans={plans} />
        </Section>
      )}
    </ProgramArticle>
  );
}
