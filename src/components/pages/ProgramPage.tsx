import { Link } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { nextStarts, ofProgram, programSchedulePath, reviewsOf } from "../../content/programs";
import { usePageToday } from "../../hooks/useGymToday";
import { planAction } from "../../content/rates";
import { KIDS_PROGRAM } from "../../forms/signup/rules";
import { pathTo, type RoutePageProps } from "../../routes";
import { calendarPath } from "../../schedule/week";
import { Actions } from "../Actions";
import { ArticleImage } from "../ArticleImage";
import { ButtonLink } from "../ButtonLink";
import { CalendarIcon } from "../Icons";
import { IntroActions } from "../IntroActions";
import { Markdown } from "../Markdown";
import { NextStarts } from "../NextStarts";
import { ProgramArticle } from "../ProgramArticle";
import { RateCards } from "../RateCards";
import { ScheduleWeek } from "../ScheduleWeek";
import { Section } from "../Section";
import { Testimonials } from "../Testimonials";

/** The first-visit block on the free intro's page, which every program links to. */
const FIRST_VISIT = `${pathTo("intro")}#first-visit`;

/**
 * What a parent looks for on the kids' page: how their child starts, and whom to ask first. A child
 * tries a class free (when the schedule keeps trial seats), then signs up for the kids' plan (the adult
 * free intro and Foundations are not for children).
 */
function ForParents({ plans, trial }: { plans: ReadonlyArray<{ id: string; period: string }>; trial: boolean }) {
  const signUp = plans.find((plan) => plan.period !== "visit");
  return (
    <Section title="For parents" id="parents">
      <div className="prose">
        {trial ? (
          <p>
            Your child needs no experience. Start with a free trial class: book them a seat in a kids class, stay and watch, and sign them
            up for CrossFit Kids afterwards if they loved it (a parent or guardian signs the waiver for them).
          </p>
        ) : (
          <p>
            Your child needs no experience. To start, sign them up for CrossFit Kids: you choose the first class day, and a parent or
            guardian signs the waiver for them.
          </p>
        )}
        <p>
          Questions first, about your child&apos;s age, experience or needs? Ask a coach. Where to park and which door:{" "}
          <Link to={FIRST_VISIT}>your first visit</Link>.
        </p>
      </div>
      <Actions>
        {trial && <ButtonLink to={pathTo("kidsTrial")}>Book a free trial class</ButtonLink>}
        {signUp && (
          <ButtonLink to={planAction(signUp).href} variant={trial ? "secondary" : undefined}>
            Sign up your child
          </ButtonLink>
        )}
        <ButtonLink to={`${pathTo("contact")}?interest=${KIDS_PROGRAM}`} variant="secondary">
          Ask a coach
        </ButtonLink>
      </Actions>
    </Section>
  );
}

/** One program's page: its own text from content/programs, with its class times and plans from the shared files. */
export function ProgramPage({
  data,
  pageContext,
}: RoutePageProps<Queries.ProgramPageQuery, "programKey" | "today" | "weekday" | "utcOffsets">) {
  const today = usePageToday(pageContext);
  const program = data.program;
  if (!program) throw new Error(`No program file for "${pageContext.programKey}"`);
  const { key, title } = program;
  const slots = ofProgram(data.schedule.slots, key);
  const plans = ofProgram(data.rates.plans, key);
  const reviews = reviewsOf(data.testimonials.testimonials, key);
  // A parent books a seat in a kids class that keeps trial seats (content/schedule.json).
  const trial = key === KIDS_PROGRAM && slots.some((slot) => slot.trialSeats);
  // The build's gym day in the HTML, the visitor's once the page runs: a date that has passed drops off.
  const starts = program.starts && nextStarts(program.starts, today.date);
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
      {key === KIDS_PROGRAM ? (
        <ForParents plans={plans} trial={trial} />
      ) : (
        <Section>
          <p className="prose">
            Coming for the first time? <Link to={FIRST_VISIT}>Your first visit</Link>: where to park, which door, what to bring and what
            happens at the free intro.
          </p>
        </Section>
      )}
      {starts && (
        <Section title="Next start dates" id="starts">
          <NextStarts dates={starts} />
          {/* With no date to come, the text itself links the free intro. */}
          {starts.length > 0 && <IntroActions />}
        </Section>
      )}
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
      {reviews.length > 0 && (
        <Section title="What members say" id="reviews" tone="muted">
          <Testimonials items={reviews} googleRating={data.testimonials.googleRating} />
        </Section>
      )}
      {plans.length > 0 && (
        <Section title="Rates" id="rates">
          <RateCards plans={plans} />
        </Section>
      )}
    </ProgramArticle>
  );
}
