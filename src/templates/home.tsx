import { graphql, type HeadProps, type PageProps } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { Actions } from "../components/Actions";
import { AnnouncementList } from "../components/AnnouncementList";
import { ButtonLink } from "../components/ButtonLink";
import { GymJsonLd } from "../components/GymJsonLd";
import { Hero } from "../components/Hero";
import { Markdown } from "../components/Markdown";
import { ProgramCards } from "../components/ProgramCards";
import { RateCards } from "../components/RateCards";
import { RouteSeo } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { Testimonials } from "../components/Testimonials";
import { VisitUs } from "../components/VisitUs";
import { WeekStrip } from "../components/WeekStrip";
import { useGymToday } from "../hooks/useGymToday";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { pathTo, type RoutePageContext } from "../routes";

export default function HomePage({ data, pageContext }: PageProps<Queries.HomePageQuery, RoutePageContext>) {
  const site = useSiteInfo();
  const today = useGymToday(pageContext.weekday, pageContext.today, site.timeZone);
  const page = data.page;
  const programs = data.programs.nodes;
  const programNames = programs.map((node) => ({ key: node.frontmatter.key ?? "", title: node.frontmatter.title }));
  const teaserPlans = (data.rates?.plans ?? []).filter((plan) => plan.highlight || plan.period !== "month").slice(0, 3);
  return (
    <>
      <Hero
        image={getImage(page?.frontmatter.hero?.childImageSharp?.gatsbyImageData ?? null)}
        alt={page?.frontmatter.heroAlt ?? ""}
        title={page?.frontmatter.headline ?? site.tagline}
        lead={page?.frontmatter.lead ?? ""}
      >
        <Actions>
          <ButtonLink to={pathTo("intro")}>Book a free intro</ButtonLink>
          <ButtonLink to="/membership/signup/" variant="ghost">
            Become a member
          </ButtonLink>
        </Actions>
      </Hero>
      <Section title="Programs" id="programs">
        <ProgramCards programs={programs} />
      </Section>
      <Section
        title="This week's classes"
        id="this-week"
        tone="muted"
        actions={
          <ButtonLink to="/schedule/" variant="secondary">
            Full schedule
          </ButtonLink>
        }
      >
        <WeekStrip slots={data.schedule?.slots ?? []} programs={programNames} today={today.day} />
      </Section>
      <Section
        title="Latest announcements"
        id="announcements"
        actions={
          <ButtonLink to="/announcements/" variant="secondary">
            All announcements
          </ButtonLink>
        }
      >
        <AnnouncementList items={data.announcements.nodes} headingLevel={3} />
      </Section>
      <Section
        title="Simple, month-to-month rates"
        id="rates"
        tone="muted"
        actions={
          <ButtonLink to="/rates/" variant="secondary">
            All rates
          </ButtonLink>
        }
      >
        <RateCards plans={teaserPlans} />
      </Section>
      <Section title="What members say" id="testimonials">
        <Testimonials items={data.testimonials?.testimonials ?? []} />
      </Section>
      <Section title="Visit us" id="visit" tone="muted">
        <VisitUs site={site} />
      </Section>
      <Section title="Your first class is on us" id="start">
        <Markdown html={page?.html ?? ""} />
        <Actions>
          <ButtonLink to={pathTo("intro")}>Book a free intro</ButtonLink>
          <ButtonLink to="/programs/foundations/" variant="secondary">
            How Foundations works
          </ButtonLink>
        </Actions>
      </Section>
    </>
  );
}

export const Head = ({ data, location, pageContext }: HeadProps<Queries.HomePageQuery, RoutePageContext>) => (
  <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
    <GymJsonLd offers={data.rates?.plans ?? []} />
  </RouteSeo>
);

export const query = graphql`
  query HomePage($listed: [String!]!) {
    page: markdownRemark(fields: { collection: { eq: "pages" }, slug: { eq: "home" } }) {
      html
      frontmatter {
        headline
        lead
        heroAlt
        hero {
          childImageSharp {
            gatsbyImageData(layout: FULL_WIDTH, placeholder: DOMINANT_COLOR, breakpoints: [480, 768, 1080, 1440, 1920])
          }
        }
      }
    }
    programs: allMarkdownRemark(filter: { fields: { collection: { eq: "programs" } } }, sort: { frontmatter: { order: ASC } }) {
      nodes {
        ...ProgramCard
      }
    }
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    announcements: allMarkdownRemark(
      filter: { fields: { collection: { eq: "announcements" }, slug: { in: $listed } } }
      sort: [{ frontmatter: { date: DESC } }, { fields: { slug: ASC } }]
      limit: 3
    ) {
      nodes {
        ...AnnouncementSummary
      }
    }
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
    }
    testimonials: testimonialsJson {
      testimonials {
        quote
        name
        detail
      }
    }
  }
`;
