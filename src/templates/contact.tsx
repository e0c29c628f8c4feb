import type { HeadProps, PageProps } from "gatsby";
import { ContactForm } from "../components/form/ContactForm";
import { GymJsonLd } from "../components/GymJsonLd";
import { PageHeader } from "../components/PageHeader";
import { RouteSeo } from "../components/RouteSeo";
import { Section } from "../components/Section";
import { VisitUs } from "../components/VisitUs";
import { useHydrated } from "../hooks/useHydrated";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { routeFor, type RoutePageContext } from "../routes";

export default function ContactPage({ pageContext, location }: PageProps<unknown, RoutePageContext>) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader
        eyebrow="Talk to a coach"
        title={route.title}
        lead="Questions about classes, a free intro session, or your membership: send a message and a coach answers within one business day."
      />
      <Section title="Send us a message" id="message">
        <ContactForm search={hydrated ? location.search : ""} />
      </Section>
      <Section title="Find us" id="find-us" tone="muted">
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
