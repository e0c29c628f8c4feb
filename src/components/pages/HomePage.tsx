import { getImage } from "gatsby-plugin-image";
import { teaserPlans } from "../../content/rates";
import { usePageToday } from "../../hooks/useGymToday";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { pathTo, type RouteName, type RoutePageProps } from "../../routes";
import { AnnouncementList } from "../AnnouncementList";
import { ButtonLink } from "../ButtonLink";
import { FirstVisit } from "../FirstVisit";
import { Hero } from "../Hero";
import { IntroActions } from "../IntroActions";
import { Markdown } from "../Markdown";
import { NextEvent } from "../NextEvent";
import { ProgramCards } from "../ProgramCards";
import { RateCards } from "../RateCards";
import { Section } from "../Section";
import { StartHere } from "../StartHere";
import { Testimonials } from "../Testimonials";
import { VisitUs } from "../VisitUs";
import { WeekStrip } from "../WeekStrip";

/** A home section's link to the page that says more, beside its heading. */
const more = (to: RouteName, text: string) => (
  <ButtonLink to={pathTo(to)} variant="secondary">
    {text}
  </ButtonLink>
);

/** The home page: the gym at a glance, each section leading to the page that says more. */
export function HomePage({ data, pageContext }: RoutePageProps<Queries.HomePageQuery, "weekday" | "today" | "utcOffsets">) {
  const site = useSiteInfo();
  const today = usePageToday(pageContext);
  const { page } = data;
  if (!page) throw new Error("content/pages/home.md is missing");
  const programs = data.programs.nodes;
  return (
    <>
      <Hero
        image={getImage(page.hero?.childImageSharp?.gatsbyImageData ?? null)}
        // The content checks require heroAlt whenever a hero photo is set.
        alt={page.heroAlt ?? ""}
        title={page.headline ?? site.tagline}
        lead={page.lead}
      >
        {/* Straight to the two things a visitor came to do: no hub page in between. */}
        <IntroActions>
          <ButtonLink to={pathTo("signup")} variant="ghost">
            Sign up
          </ButtonLink>
        </IntroActions>
      </Hero>
      <Section title="Start here" id="start-here" tone="muted">
        <Markdown html={page.html} />
        <StartHere steps={data.startSteps} />
      </Section>
      <Section title="Programs" id="programs">
        <ProgramCards programs={programs} />
      </Section>
      <Section title="This week's classes" id="this-week" tone="muted" actions={more("schedule", "Full schedule")}>
        <WeekStrip slots={data.schedule.slots} programs={programs} today={today.day} />
      </Section>
      <Section title="Latest announcements" id="announcements" actions={more("announcements", "All announcements")}>
        <NextEvent event={data.nextEvent.nodes[0]} today={pageContext.today} />
        <AnnouncementList items={data.announcements.nodes} headingLevel={3} />
      </Section>
      <Section title="Simple, month-to-month rates" id="rates" tone="muted" actions={more("rates", "All rates")}>
        <RateCards plans={teaserPlans(data.rates.plans)} />
      </Section>
      <Section title="What members say" id="testimonials">
        <Testimonials items={data.testimonials.testimonials} googleRating={data.testimonials.googleRating} />
      </Section>
      {/* Where, how to get in and what to expect, then how to reach the gym and when it is open. */}
      <Section title="Your first visit" id="first-visit" tone="muted">
        {/* "Start here" above says what the intro and Foundations are, with their prices. */}
        <FirstVisit facts={data.firstVisitFacts} skip={["intro", "foundations"]} />
        <VisitUs site={site} address={false} />
      </Section>
    </>
  );
}
