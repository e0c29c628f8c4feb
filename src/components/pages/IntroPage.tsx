import { arrivalFacts } from "../../content/firstVisit";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { FirstVisit } from "../FirstVisit";
import { IntroBooking } from "../intro/IntroBooking";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** Booking a free intro: what it is, then the open times. */
export function IntroPage({ data, pageContext }: RoutePageProps<Queries.IntroPageQuery>) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  const intro = data.introJson;
  return (
    <>
      <PageHeader eyebrow="Start here" title={route.title} lead={intro.summary} />
      {/* Before the times: where to go, what to bring and what happens, so nobody books without knowing. */}
      <Section title="Your first visit" id="first-visit" tone="muted">
        <FirstVisit facts={data.firstVisitFacts} />
      </Section>
      {/* Last on the page: the open times arrive after the page is live and only the footer moves. */}
      <Section title="Choose a time" id="book">
        <IntroBooking phone={site.phone} contactPath={pathTo("contact")} arrival={arrivalFacts(data.firstVisitFacts)} />
      </Section>
    </>
  );
}
