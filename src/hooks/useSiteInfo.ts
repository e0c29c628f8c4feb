import { graphql, useStaticQuery } from "gatsby";

/** The gym's identity from content/site.json, plus the public origin. */
export function useSiteInfo() {
  const data = useStaticQuery<Queries.SiteInfoQuery>(graphql`
    query SiteInfo {
      siteJson {
        name
        tagline
        url
        phone
        email
        timeZone
        address {
          street
          locality
          region
          postalCode
          country
        }
        mapPosition
        hours {
          days
          opens
          closes
        }
        payment
        priceRange
        social {
          name
          url
        }
      }
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  return {
    ...data.siteJson,
    siteUrl: data.site?.siteMetadata?.siteUrl ?? data.siteJson.url,
    // The build's year, not the browser's clock, so the server and browser render the same footer.
    buildYear: data.site?.buildYear ?? "",
  };
}

export type SiteInfoData = ReturnType<typeof useSiteInfo>;
