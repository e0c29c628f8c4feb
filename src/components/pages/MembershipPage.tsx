import { routeFor, type RoutePageContext } from "../../routes";
import { sectionPages } from "../../sectionPages";
import { LinkCards } from "../LinkCards";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";

/** The membership overview: a card for each page under /membership/, titled and described as in the route table. */
export function MembershipPage({ pageContext }: { pageContext: Pick<RoutePageContext, "routePath"> }) {
  const route = routeFor(pageContext.routePath);
  const pages = sectionPages(route.path).map(({ path, title, description }) => ({ path, title, description }));
  return (
    <>
      <PageHeader eyebrow="Members" title={route.title} lead={route.description} />
      <Section>
        <LinkCards items={pages} />
      </Section>
    </>
  );
}
