import { Link } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { placeLine } from "../../content/contact";
import { eventWhen, htmlDateTime, priceText } from "../../content/eventTimes";
import { useSiteInfo } from "../../hooks/useSiteInfo";
import { eventCalendarPath, pathTo, routeFor, type EventPageContext, type RoutePageContext } from "../../routes";
import { Actions } from "../Actions";
import { ArticleImage } from "../ArticleImage";
import { ButtonLink } from "../ButtonLink";
import { EventList } from "../EventList";
import { CalendarIcon } from "../Icons";
import { Markdown } from "../Markdown";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import * as styles from "./EventsPage.module.css";

export type EventsPageContext = Pick<RoutePageContext, "routePath"> & Partial<Pick<EventPageContext, "slug" | "passed" | "signUpOpensIso">>;

/**
 * The events that have not passed, soonest first; or, on an event's own page (the same template), that
 * event: when, where, the price, how to sign up and a calendar file. A past event keeps its page and says so.
 */
export function EventsPage({ data, pageContext }: { data: Queries.EventsPageQuery; pageContext: EventsPageContext }) {
  const route = routeFor(pageContext.routePath);
  if (pageContext.slug === undefined) {
    return (
      <>
        <PageHeader eyebrow="Community" title={route.title} lead="Competitions, challenges and community workouts. Soonest first." />
        <Section>
          <EventList items={data.events.nodes} />
        </Section>
      </>
    );
  }
  const event = data.event;
  if (!event) throw new Error(`No event file for "${pageContext.slug}"`);
  return (
    <EventArticle
      event={event}
      slug={pageContext.slug}
      passed={pageContext.passed === true}
      signUpLater={Boolean(pageContext.signUpOpensIso)}
    />
  );
}

function EventArticle({
  event,
  slug,
  passed,
  signUpLater,
}: {
  event: NonNullable<Queries.EventsPageQuery["event"]>;
  slug: string;
  passed: boolean;
  /** Sign-up opens after the build's day (src/node/pages.ts): the page says when. */
  signUpLater: boolean;
}) {
  const site = useSiteInfo();
  const image = getImage(event.image?.childImageSharp?.gatsbyImageData ?? null);
  const register = event.registerUrl;
  return (
    <article>
      <PageHeader eyebrow="Event" title={event.title} lead={event.summary}>
        <p>
          <time dateTime={htmlDateTime(event.start)}>{eventWhen(event)}</time>
        </p>
      </PageHeader>
      <Section>
        {passed && (
          <p className={styles.passed} role="note">
            This event has passed. See the <Link to={pathTo("events")}>upcoming events</Link>.
          </p>
        )}
        <dl className={styles.facts}>
          <dt>When</dt>
          <dd>{eventWhen(event)}</dd>
          <dt>Where</dt>
          <dd>{event.place && event.placeAddress ? `${event.place}, ${event.placeAddress}` : `At the gym: ${placeLine(site)}`}</dd>
          <dt>Price</dt>
          <dd>{event.priceNote ? `${priceText(event.price)}. ${event.priceNote}` : priceText(event.price)}</dd>
          {/* The offer's validFrom in the page's JSON-LD: what search engines show, the page says too. */}
          {event.signUpOpens && signUpLater && (
            <>
              <dt>Sign-up from</dt>
              <dd>
                <time dateTime={htmlDateTime(event.signUpOpens)}>{eventWhen({ start: event.signUpOpens })}</time>
              </dd>
            </>
          )}
        </dl>
        {!passed && (
          <Actions>
            {register && (
              // A page of this site goes through the router; another site's page is an ordinary link.
              <ButtonLink to={register} file={!register.startsWith("/")}>
                Sign up
              </ButtonLink>
            )}
            <ButtonLink to={eventCalendarPath(slug)} file variant="secondary">
              <CalendarIcon />
              Add to calendar
            </ButtonLink>
          </Actions>
        )}
        {/* The content checks require imageAlt whenever an image is set. */}
        {image && <ArticleImage image={image} alt={event.imageAlt ?? ""} />}
        <Markdown html={event.html} />
        <p>
          <Link to={pathTo("events")}>All events</Link>
        </p>
      </Section>
    </article>
  );
}
