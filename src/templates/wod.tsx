import { graphql, type HeadProps, type PageProps } from "gatsby";
import { WodPage } from "../components/pages/WodPage";
import { RouteSeo } from "../components/RouteSeo";
import { Seo } from "../components/Seo";
import { formatLongDate, listText } from "../content/dates";
import { wodPath, type RoutePageContext, type WodPageContext } from "../routes";

type Context = RoutePageContext & WodPageContext;

/** /wod/ and every day's page, /wod/YYYY-MM-DD/: one template, so the site carries one more page component. */
export default function WodTemplate({ data, pageContext }: PageProps<Queries.WodPageQuery, Context>) {
  return <WodPage data={data} pageContext={pageContext} />;
}

export const Head = ({ data, pageContext, location }: HeadProps<Queries.WodPageQuery, Context>) => {
  const wod = pageContext.day ? data.wods.nodes.find((node) => node.date === pageContext.day) : undefined;
  if (!pageContext.day || !wod) return <RouteSeo routePath={pageContext.routePath} pathname={location.pathname} />;
  return (
    <Seo
      // The day alone: with the workout's own title (staff write any length) it could pass 70 characters.
      title={`WOD for ${formatLongDate(wod.date)}`}
      description={`${wod.title}, the workout of ${formatLongDate(wod.date)} at the gym: ${listText(
        wod.parts.map((part) => part.name),
        "and",
      )}, each with Rx, Scaled and Foundations versions.`}
      path={wodPath(wod.date)}
      pathname={location.pathname}
    />
  );
};

// The day (or the next, on /wod/) and enough before it for the list under it (EARLIER_COUNT, src/content/wod.ts).
export const query = graphql`
  query WodPage($before: Date!) {
    wods: allWod(filter: { date: { lt: $before } }, sort: { date: DESC }, limit: 10) {
      nodes {
        date(formatString: "YYYY-MM-DD")
        title
        coachNotes
        html
        parts {
          name
          rx
          scaled
          foundations
        }
      }
    }
  }
`;
