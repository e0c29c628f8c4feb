import { graphql, type PageProps } from "gatsby";
import { ProgramPage } from "../components/pages/ProgramPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function ProgramTemplate({ data, pageContext }: PageProps<Queries.ProgramPageQuery, RoutePageContext>) {
  return <ProgramPage data={data} pageContext={pageContext} />;
}

export const Head = RouteHead;

export const query = graphql`
  query ProgramPage($programKey: String) {
    program(key: { eq: $programKey }) {
      html
      key
      title
      tagline
      audience
      highlights
      heroAlt
      hero {
        ...ArticleImage
      }
      faq {
        question
        answer
      }
      starts(formatString: "YYYY-MM-DD")
    }
    schedule: scheduleJson {
      ...ScheduleSlots
    }
    testimonials: testimonialsJson {
      ...GoogleRating
      testimonials {
        ...TestimonialCard
      }
    }
    rates: ratesJson {
      plans {
        ...RatePlanCard
      }
    }
  }
`;
