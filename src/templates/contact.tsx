import type { HeadProps, PageProps } from "gatsby";
import { ContactPage } from "../components/pages/ContactPage";
import { GymJsonLd } from "../components/GymJsonLd";
import { RouteSeo } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

export default function ContactTemplate({ pageContext, location }: PageProps<unknown, RoutePageContext>) {
  return <ContactPage pageContext={pageContext} search={location.search} />;
}

export const Head = ({ location, pageContext }: HeadProps<unknown, RoutePageContext>) => (
  <RouteSeo routePath={pageContext.routePath} pathname={location.pathname}>
    <GymJsonLd />
  </RouteSeo>
);
