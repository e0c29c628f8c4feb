import { graphql, type HeadProps, type PageProps } from "gatsby";
import { GymJsonLd } from "../components/GymJsonLd";
import { HomePage } from "../components/pages/HomePage";
import { RouteSeo } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function HomeTemplate({ data, pageContext }: PageProps<Queries.HomePageQuery, RoutePageContext>) {
  return <HomePage data={data} pageContext={pageContext} />;
}

export const Head = ({ data, location, pageContext }: HeadProps<Queries.HomePageQuery, RoutePageContext>) => (
  <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
    <GymJsonLd offers={data.rates.plans} />
  </RouteSeo>
);

export const query = graphql`
  query HomePage($listed: [String!]!, $upcoming: [String!]!) {
    page(slug: { eq: "home" }) {
      html
      headline
      lead
      heroAlt
      hero {
        childImageSharp {
          gatsbyImageData(layout: FULL_WIDTH, placeholder: DOMINANT_COLOR, breakpoints: [480, 768, 1080, 1440, 1920])
        }
      }
    }
    programs: allProgram(sort: { order: ASC }) {
      nodes {
        ...ProgramCard
      }
    }
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    announcements: allAnnouncement(filter: { slug: { in: $listed } }, sort: [{ date: DESC }, { slug: ASC }], limit: 3) {
      nodes {
        ...AnnouncementSummary
      }
    }
    nextEvent: allEvent(filter: { slug: { in: $upcoming } }, sort: [{ start: ASC }, { slug: ASC }], limit: 1) {
      nodes {
        ...NextEvent
      }
    }
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
    }
    ...FirstVisit
    ...StartHere
    testimonials: testimonialsJson {
      ...GoogleRating
      testimonials {
        quote
        name
        memberSince
        postedOn
      }
    }
  }
`;
