import { graphql, type HeadProps, type PageProps } from "gatsby";
import { GymJsonLd } from "../components/GymJsonLd";
import { IntroPage } from "../components/pages/IntroPage";
import { RouteSeo } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function IntroTemplate({ data, pageContext }: PageProps<Queries.IntroPageQuery, RoutePageContext>) {
  return <IntroPage data={data} pageContext={pageContext} />;
}

export const Head = ({ location, pageContext }: HeadProps<Queries.IntroPageQuery, RoutePageContext>) => (
  <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
    <GymJsonLd />
  </RouteSeo>
);

export const query = graphql`
  query IntroPage {
    introJson {
      summary
      whatToBring
      slotMinutes
    }
  }
`;
