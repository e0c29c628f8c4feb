import { type HeadProps, type PageProps } from "gatsby";
import { GymJsonLd } from "../components/GymJsonLd";
import { PageHeader } from "../components/PageHeader";
import { RouteSeo } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { VisitUs } from "../components/VisitUs";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { routeFor, type RoutePageContext } from "../routes";

export default function ContactPage({ pageContext }: PageProps<unknown, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="Talk to a coach"
        title={route.title}
        lead="Questions about classes, a free intro session, or your membership: call, write, or drop by during staffed hours."
      />
      <Section title="Find us" id="find-us">
        <VisitUs site={site} />
      </Section>
    </>
  );
}

export const Head = ({ location, pageContext }: HeadProps<unknown, RoutePageContext>) => (
  <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
    <GymJsonLd />
  </RouteSeo>
);
