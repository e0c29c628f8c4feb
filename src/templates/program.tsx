import { graphql, type PageProps } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { Actions } from "../components/Actions";
import { ArticleImage } from "../components/ArticleImage";
import { ButtonLink } from "../components/ButtonLink";
import { CalendarIcon } from "../components/Icons";
import { Markdown } from "../components/Markdown";
import { ProgramArticle } from "../components/ProgramArticle";
import { RateCards } from "../components/RateCards";
import { RouteHead } from "../components/RouteSeo";
import { ScheduleWeek } from "../components/ScheduleWeek";
import { Section } from "../components/Section";
import { useGymToday } from "../hooks/useGymToday";
import type { RoutePageContext } from "../routes";
import { calendarPath } from "../schedule/week";

export default function ProgramPage({ data, pageContext }: PageProps<Queries.ProgramPageQuery, RoutePageContext>) {
  const program = data.program;
  if (!program) throw new Error(`No program file for "${pageContext.programKey}"`);
  const { frontmatter } = program;
  const key = frontmatter.key ?? "";
  const today = useGymToday(pageContext.weekday, pageContext.today, data.site?.timeZone ?? "America/Los_Angeles");
  const slots = (data.schedule?.slots ?? []).filter((slot) => slot.program === key);
  const plans = (data.rates?.plans ?? []).filter((plan) => plan.program === key);
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
          <ButtonLink to={`/schedule/?program=${key}`} variant="secondary">
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

export const Head = RouteHead;

export const query = graphql`
  query ProgramPage($programKey: String) {
    program: markdownRemark(fields: { collection: { eq: "programs" } }, frontmatter: { key: { eq: $programKey } }) {
      html
      frontmatter {
        key
        title
        tagline
        audience
        highlights
        heroAlt
        hero {
          childImageSharp {
            gatsbyImageData(width: 768, outputPixelDensities: [0.5, 1, 2], placeholder: DOMINANT_COLOR)
          }
        }
        faq {
          question
          answer
        }
      }
    }
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
    }
    site: siteJson {
      timeZone
    }
  }
`;
