import { postalAddress, type GymFacts } from "./jsonLd";

/**
 * schema.org Event for an event's page, with the properties Google requires for event rich results
 * (name, startDate, location with its address) and those it recommends (endDate, description, image,
 * offers with validFrom when staff set when sign-up opens, organizer, eventStatus, eventAttendanceMode).
 * A past event has no offer. Pure.
 */

export interface EventFacts {
  title: string;
  summary: string;
  /** ISO 8601 with the gym's UTC offset on that day (built by zonedIso in src/schedule/timeZones.ts). */
  startIso: string;
  endIso: string | null;
  /** Away from the gym: its name and one-line address; null at the gym. */
  place: { name: string; address: string } | null;
  price: number;
  /** Where to sign up, absolute; the event's own page when it has no sign-up link. */
  offerUrl: string;
  /** When sign-up opens (ISO 8601 with the gym's offset), when the event says; Google's offers.validFrom. */
  signUpOpensIso: string | null;
  pageUrl: string;
  imageUrl: string | null;
  /** Over before the build's day at the gym: nothing is on sale any more, so no offer. */
  passed: boolean;
}

export function eventJsonLd(event: EventFacts, gym: Pick<GymFacts, "name" | "address">, siteUrl: string) {
  const location = event.place
    ? // Google's event markup wants a PostalAddress; staff write an away event's address on one line.
      { "@type": "Place", name: event.place.name, address: { "@type": "PostalAddress", streetAddress: event.place.address } }
    : {
        "@type": "Place",
        name: gym.name,
        address: postalAddress(gym.address),
      };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.summary,
    url: event.pageUrl,
    startDate: event.startIso,
    ...(event.endIso ? { endDate: event.endIso } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location,
    ...(event.imageUrl ? { image: [event.imageUrl] } : {}),
    // A past event keeps its page (which says it has passed) and its facts, but sells nothing.
    ...(event.passed
      ? {}
      : {
          offers: {
            "@type": "Offer",
            price: event.price.toFixed(2),
            priceCurrency: "USD",
            url: event.offerUrl,
            availability: "https://schema.org/InStock",
            ...(event.signUpOpensIso ? { validFrom: event.signUpOpensIso } : {}),
          },
        }),
    // The same gym as the ExerciseGym on the home page (src/seo/jsonLd.ts), by its @id.
    organizer: { "@type": "Organization", "@id": `${siteUrl}/#gym`, name: gym.name, url: `${siteUrl}/` },
  };
}

/** A link as written in content ("/contact/" or "https://...") made absolute for structured data and calendars. */
export function absoluteUrl(link: string, siteUrl: string): string {
  return link.startsWith("/") ? `${siteUrl}${link}` : link;
}
