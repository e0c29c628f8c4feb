import { DAYS } from "../content/dates";
import { parseMapPosition } from "../content/mapPosition";

/** schema.org ExerciseGym for the home and contact pages, built only from site.json (and rates). Pure. */

export interface GymFacts {
  name: string;
  url: string;
  phone: string;
  email: string;
  address: { street: string; locality: string; region: string; postalCode: string; country: string };
  /** "47.053121, -122.294612", or nothing: the address alone places the gym (src/content/mapPosition.ts). */
  mapPosition?: string | null;
  hours: ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }>;
  payment: readonly string[];
  priceRange: string;
  social: ReadonlyArray<{ url: string }>;
}

export interface OfferFacts {
  name: string;
  price: number;
  period: string;
  description: string;
}

/** The gym's address as schema.org's PostalAddress: the gym's own markup and an event at the gym share it. */
export function postalAddress(address: GymFacts["address"]) {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.locality,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

export function gymJsonLd(gym: GymFacts, siteUrl: string, imageUrl: string, offers: readonly OfferFacts[] = []) {
  const position = gym.mapPosition ? parseMapPosition(gym.mapPosition) : null;
  const openDays = new Set(gym.hours.flatMap((hours) => hours.days));
  const closedDays = DAYS.filter((day) => !openDays.has(day));
  return {
    "@context": "https://schema.org",
    "@type": "ExerciseGym",
    "@id": `${siteUrl}/#gym`,
    name: gym.name,
    url: `${siteUrl}/`,
    image: imageUrl,
    telephone: gym.phone,
    email: gym.email,
    address: postalAddress(gym.address),
    // The position as written: its decimals are the precision staff measured (four or more).
    ...(position ? { geo: { "@type": "GeoCoordinates", ...position } } : {}),
    openingHoursSpecification: [
      ...gym.hours.map((hours) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...hours.days],
        opens: hours.opens,
        closes: hours.closes,
      })),
      // schema.org's way to say "closed all day".
      ...(closedDays.length > 0 ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: closedDays, opens: "00:00", closes: "00:00" }] : []),
    ],
    paymentAccepted: gym.payment.join(", "),
    currenciesAccepted: "USD",
    priceRange: gym.priceRange,
    sameAs: gym.social.map((link) => link.url),
    ...(offers.length > 0
      ? {
          makesOffer: offers.map((offer) => ({
            "@type": "Offer",
            name: offer.name,
            description: offer.description,
            price: offer.price.toFixed(2),
            priceCurrency: "USD",
            ...(offer.period === "month"
              ? {
                  priceSpecification: {
                    "@type": "UnitPriceSpecification",
                    price: offer.price.toFixed(2),
                    priceCurrency: "USD",
                    unitCode: "MON",
                  },
                }
              : {}),
          })),
        }
      : {}),
  };
}

/** JSON for a <script type="application/ld+json">, safe to inline in HTML. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
