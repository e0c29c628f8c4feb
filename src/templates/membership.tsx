import type { PageProps } from "gatsby";
import { MembershipPage } from "../components/pages/MembershipPage";
import { RouteHead } from "../components/RouteSeo";
import type { RoutePageContext } from "../routes";

/** No query: the page's cards come from the route table. */
export default function MembershipTemplate({ pageContext }: PageProps<unknown, RoutePageContext>) {
  return <MembershipPage pageContext={pageContext} />;
}

export const Head = RouteHead;
