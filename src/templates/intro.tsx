import { graphql, type HeadProps, type PageProps } from "gatsby";
import { GymJsonLd } from "../components/GymJsonLd";
import { IntroCancel } from "../components/IntroCancel";
import { IntroPage } from "../components/pages/IntroPage";
import { linkPageHead } from "../components/LinkPageHead";
import { RouteSeo } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

/** The intro page, or with `cancel` the page where a visitor cancels their own intro (src/node/pages.ts). */
type IntroContext = RoutePageContext & { cancel?: boolean };

export default function IntroTemplate({ data, pageContext }: PageProps<Queries.IntroPageQuery, IntroContext>) {
  if (pageContext.cancel) return <IntroCancel />;
  return <IntroPage data={data} pageContext={pageContext} />;
}

/** The intro page's Head: the route's, with the gym's structured data. */
function IntroHead({ location, pageContext }: HeadProps<unknown, IntroContext>) {
  return (
    <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
      <GymJsonLd />
    </RouteSeo>
  );
}

export const Head = linkPageHead(
  (context: IntroContext) => context.cancel,
  { title: "Cancel your free intro", description: "Cancel a free intro booked at the gym, with the link from its e-mail." },
  IntroHead,
);

export const query = graphql`
  query IntroPage {
    introJson {
      summary
    }
    ...FirstVisit
  }
`;
