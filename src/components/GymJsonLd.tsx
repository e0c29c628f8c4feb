import { graphql, useStaticQuery } from "gatsby";
import { useSiteInfo } from "../hooks/useSiteInfo";
import { gymJsonLd, jsonLdScript, type OfferFacts } from "../seo/jsonLd";
import { DEFAULT_SOCIAL_IMAGE } from "./Seo";

/**
 * The gym's structured data (ExerciseGym), for the Head of the home, contact and intro pages. The free
 * intro (content/intro.json) is always one of its offers, at price 0.
 */
export function GymJsonLd({ offers = [] }: { offers?: readonly OfferFacts[] }) {
  const site = useSiteInfo();
  const { introJson } = useStaticQuery<Queries.IntroOfferQuery>(graphql`
    query IntroOffer {
      introJson {
        name
        summary
      }
    }
  `);
  const intro: OfferFacts = { name: introJson.name, description: introJson.summary, price: 0, period: "visit" };
  const data = gymJsonLd(site, site.siteUrl, `${site.siteUrl}${DEFAULT_SOCIAL_IMAGE.path}`, [intro, ...offers]);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}
