import { useSiteInfo } from "../../hooks/useSiteInfo";
import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { TitleLink } from "../TitleLink";
import { KidsTrialBooking } from "../kids/KidsTrialBooking";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/**
 * A parent books their child a free kids class: what to bring, then the classes with a seat left. A page
 * of its own, linked from the kids' page: the booking's code is loaded where it is used, and the kids'
 * page stays as light as every other.
 */
export function KidsTrialPage({ data, pageContext }: RoutePageProps<Queries.KidsTrialPageQuery>) {
  const route = routeFor(pageContext.routePath);
  const site = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="CrossFit Kids"
        title={route.title}
        lead="One free class for your child, with a coach certified in CrossFit Kids. The seats are few, so the coach can welcome each new child."
      />
      <Section title="What to bring" id="bring" tone="muted">
        <div className="prose">
          <p>{data.visit.kidsBring}</p>
          <p>
            What the classes are like, and the questions parents ask: <TitleLink to="kids" />.
          </p>
        </div>
      </Section>
      {/* Last on the page: the classes arrive after the page is live and only the footer moves. */}
      <Section title="Choose a class" id="book">
        <KidsTrialBooking phone={site.phone} contactPath={pathTo("contact")} />
      </Section>
    </>
  );
}
