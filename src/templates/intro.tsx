import { graphql, type HeadProps, type PageProps } from "gatsby";
import { GymJsonLd } from "../components/GymJsonLd";
import { FactList } from "../components/FactList";
import { IntroBooking } from "../components/intro/IntroBooking";
import { PageHeader } from "../components/PageHeader";
import { RouteSeo } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { pathTo, routeFor, type RoutePageContext } from "../routes";

export default function IntroPage({ data, pageContext }: PageProps<Queries.IntroPageQuery, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  const intro = data.introJson;
  if (!intro) throw new Error("content/intro.json is missing");
  return (
    <>
      <PageHeader eyebrow="Start here" title={route.title} lead={intro.summary} />
      <Section title="Before you come" id="before" tone="muted">
        <FactList
          caption="Your free intro"
          facts={[
            { label: "Length", value: `${intro.slotMinutes} minutes, one-on-one with a coach` },
            { label: "What to bring", value: intro.whatToBring },
          ]}
        />
      </Section>
      {/* Last on the page: the open times arrive after the page is live and only the footer moves. */}
      <Section title="Choose a time" id="book">
        <IntroBooking phone={site.phone} timeZone={site.timeZone} contactPath={pathTo("contact")} />
      </Section>
    </>
  );
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
