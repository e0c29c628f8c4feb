import type { HeadProps, PageProps } from "gatsby";
import { StaffApp } from "./App";
import { STAFF_TITLES, type StaffScreen } from "../desk/paths";

interface StaffPageContext {
  screen: StaffScreen;
}

/**
 * Every console page, one component for all (src/node/pages.ts makes a page per screen): public pages
 * then carry one more entry in Gatsby's chunk map, not one per screen.
 */
export default function StaffPage({ location, pageContext }: PageProps<object, StaffPageContext>) {
  return <StaffApp screen={pageContext.screen} search={location.search} />;
}

/** Never indexed: robots.txt disallows /staff/ too, and the sitemap leaves it out. */
export const Head = ({ pageContext }: HeadProps<object, StaffPageContext>) => (
  <>
    <title>{`${STAFF_TITLES[pageContext.screen]} | Staff console`}</title>
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="no-referrer" />
  </>
);
