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
  const { frontmatter } = program;
  const key = frontmatter.key ?? "";
  const slots = ofProgram(data.schedule?.slots ?? [], key);
  const plans = ofProgram(data.rates?.plans ?? [], key);
  const image = getImage(frontmatter.hero?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <ProgramArticle
      title={frontmatter.title}
      tagline={frontmatter.tagline ?? ""}
      audience={frontmatter.audience ?? undefined}
      image={image && <ArticleImage image={image} alt={frontmatter.heroAlt ?? ""} />}
      highlights={frontmatter.highlights ?? []}
      faq={frontmatter.faq ?? []}
      body={<Markdown html={program.html ?? ""} />}
    >
      <Section title="Class times" id="classes" tone="muted">
        <ScheduleWeek slots={slots} programs={[{ key, title: frontmatter.title }]} today={today.day} />
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
