import { useSiteInfo } from "../hooks/useSiteInfo";
import { gymJsonLd, jsonLdScript, type OfferFacts } from "../seo/jsonLd";
import { DEFAULT_SOCIAL_IMAGE } from "./Seo";

/** The gym's structured data (ExerciseGym), for the Head of the home and contact pages. */
export function GymJsonLd({ offers = [] }: { offers?: readonly OfferFacts[] }) {
  const site = useSiteInfo();
  const data = gymJsonLd(site, site.siteUrl, `${site.siteUrl}${DEFAULT_SOCIAL_IMAGE.path}`, offers);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />;
}
