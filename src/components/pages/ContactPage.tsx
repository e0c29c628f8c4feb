import { useLiveValue } from "../../hooks/useHydrated";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { routeFor, type RoutePageContext } from "../../routes";
import { ContactForm } from "../form/ContactForm";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { VisitUs } from "../VisitUs";
import { HydrateOnUse } from "../form/HydrateOnUse";

/** The contact form, then the address, phone and hours from content/site.json. */
export function ContactPage({ pageContext, search }: { pageContext: Pick<RoutePageContext, "routePath">; search: string }) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  // The static HTML is shared by every query string, so ?interest= is read only once in the browser.
  const liveSearch = useLiveValue(search, "");
  return (
    <>
      <PageHeader
        eyebrow="Talk to a coach"
        title={route.title}
        lead="Questions about classes, a free intro session, or your membership: send a message and a coach answers within one business day."
      />
      <Section title="Send us a message" id="message">
        <HydrateOnUse>
          <ContactForm search={liveSearch} />
        </HydrateOnUse>
      </Section>
      <Section title="Find us" id="find-us" tone="muted">
        <VisitUs site={site} />
      </Section>
    </>
  );
}
