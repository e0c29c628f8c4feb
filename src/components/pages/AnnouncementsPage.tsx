import { FEED_PATH, routeFor, type RoutePageProps } from "../../routes";
import { AnnouncementList } from "../AnnouncementList";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** The announcements that have not expired, newest first (the query sorts them). */
export function AnnouncementsPage({ data, pageContext }: RoutePageProps<Queries.AnnouncementsPageQuery>) {
  const route = routeFor(pageContext.routePath);
  return (
    <>
      <PageHeader eyebrow="News" title={route.title} lead="Events, holiday hours and schedule changes. Newest first." />
      <Section>
        <AnnouncementList items={data.announcements.nodes} />
        <p>
          {/* A file, not a page of the site: an ordinary link rather than the router's. */}
          <a href={FEED_PATH}>Follow the news and upcoming events in a feed reader (RSS)</a>
        </p>
      </Section>
    </>
  );
}
