import { pathTo, routeFor, type RoutePageProps } from "../../routes";
import { Actions } from "../Actions";
import { ButtonLink } from "../ButtonLink";
import { PageHeader } from "../PageHeader";
import { PolicyMarkdown } from "../PolicyMarkdown";
import { Section } from "../Section";

/** A page of text from content/pages (the privacy notices), with {{placeholders}} filled from content. */
export function DocumentPage({ data, pageContext }: RoutePageProps<Queries.DocumentPageQuery, "routePath" | "pageKey">) {
  const route = routeFor(pageContext.routePath);
  const { page, policies, privacy } = data;
  if (!page) throw new Error(`content/pages/${pageContext.pageKey}.md is missing`);
  return (
    <>
      <PageHeader title={page.title} lead={route.description} />
      <Section>
        <PolicyMarkdown html={page.html} policies={policies} privacy={privacy} />
        <Actions className="no-print">
          <ButtonLink to={pathTo("privacyRequest")}>Ask about your data</ButtonLink>
        </Actions>
      </Section>
    </>
  );
}
