import { graphql, type PageProps } from "gatsby";
import { KidsTrialCancel } from "../components/kids/KidsTrialCancel";
import { KidsTrialPage } from "../components/pages/KidsTrialPage";
import { linkPageHead } from "../components/LinkPageHead";
import type { RoutePageContext } from "../routes";

/** The kids' trial class, or with `cancel` the page where a parent cancels their child's seat (src/node/pages.ts). */
type KidsTrialContext = RoutePageContext & { cancel?: boolean };

export default function KidsTrialTemplate({ data, pageContext }: PageProps<Queries.KidsTrialPageQuery, KidsTrialContext>) {
  if (pageContext.cancel) return <KidsTrialCancel />;
  return <KidsTrialPage data={data} pageContext={pageContext} />;
}

export const Head = linkPageHead((context: KidsTrialContext) => context.cancel, {
  title: "Cancel a kids' trial class",
  description: "Cancel a free kids' trial class booked at the gym, with the link from its e-mail.",
});

export const query = graphql`
  query KidsTrialPage {
    visit: visitJson {
      kidsBring
    }
  }
`;
