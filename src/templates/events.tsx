import { graphql, type HeadProps, type PageProps } from "gatsby";
import { EventsPage } from "../components/pages/EventsPage";
import { RouteSeo } from "../components/RouteSeo";
import { Seo } from "../components/Seo";
import { socialImage } from "../components/socialImage";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { eventPath, type EventPageContext, type RoutePageContext } from "../routes";
import { absoluteUrl, eventJsonLd } from "../seo/eventJsonLd";
import { jsonLdScript } from "../seo/jsonLd";

/** The events list (from the route table) and every event's page (src/node/pages.ts): one template. */
type Context = RoutePageContext & Partial<EventPageContext>;

export default function EventsTemplate({ data, pageContext }: PageProps<Queries.EventsPageQuery, Context>) {
  return <EventsPage data={data} pageContext={pageContext} />;
}

export const Head = ({ data, pageContext, location }: HeadProps<Queries.EventsPageQuery, Context>) => {
  const { event } = data;
  const { slug, startIso, endIso, signUpOpensIso, passed } = pageContext;
  // The page itself reports a missing file (EventsPage).
  if (slug === undefined || !event || !startIso) return <RouteSeo routePath={pageContext.routePath} pathname={location.pathname} />;
  const image = socialImage(event.social, event.imageAlt);
  return (
    <Seo title={event.title} description={event.summary} path={eventPath(slug)} pathname={location.pathname} image={image}>
      <EventJsonLd
        event={event}
        path={eventPath(slug)}
        startIso={startIso}
        endIso={endIso ?? null}
        signUpOpensIso={signUpOpensIso ?? null}
        imagePath={image?.path}
        passed={passed === true}
      />
    </Seo>
  );
};

function EventJsonLd({
  event,
  path,
  startIso,
  endIso,
  signUpOpensIso,
  imagePath,
  passed,
}: {
  event: NonNullable<Queries.EventsPageQuery["event"]>;
  path: string;
  startIso: string;
  endIso: string | null;
  signUpOpensIso: string | null;
  imagePath: string | undefined;
  passed: boolean;
}) {
  const site = useSiteInfo();
  const pageUrl = `${site.siteUrl}${path}`;
  const data = eventJsonLd(
    {
      title: event.title,
      summary: event.summary,
      startIso,
      endIso,
      place: event.place && event.placeAddress ? { name: event.place, address: event.placeAddress } : null,
      price: event.price,
      offerUrl: event.registerUrl ? absoluteUrl(event.registerUrl, site.siteUrl) : pageUrl,
      signUpOpensIso,
      pageUrl,
      imageUrl: imagePath ? `${site.siteUrl}${imagePath}` : null,
      passed,
    },
    site,
    site.siteUrl,
  );
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}

export const query = graphql`
  query EventsPage($upcoming: [String!]!, $slug: String! = "") {
    events: allEvent(filter: { slug: { in: $upcoming } }, sort: [{ start: ASC }, { slug: ASC }]) {
      nodes {
        ...EventSummary
      }
    }
    event(slug: { eq: $slug }) {
      html
      title
      summary
      start
      end
      place
      placeAddress
      price
      priceNote
      registerUrl
      signUpOpens
      imageAlt
      image {
        ...ArticleImage
      }
      social: image {
        ...SocialImage
      }
    }
  }
`;
