import type { ComponentType } from "react";
import type { HeadProps } from "gatsby";
import type { RoutePageContext } from "../routes";
import { RouteHead } from "./RouteSeo";
import { Seo } from "./Seo";

/** The title and description of a page that a mailed link opens. */
export interface LinkPageWords {
  title: string;
  description: string;
}

/**
 * The Head of a template that also renders the page a mailed link opens (a cancel or confirm page at an
 * address of its own, flagged in its context by src/node/pages.ts): that page says what it is and is
 * never indexed; the route's own page gets `RouteOwnHead`: the route's metadata (`RouteHead`) unless the template gives its own.
 */
export function linkPageHead<Context extends RoutePageContext>(
  isLinkPage: (context: Context) => boolean | undefined,
  words: LinkPageWords,
  RouteOwnHead: ComponentType<HeadProps<unknown, Context>> = RouteHead,
) {
  return function Head(props: HeadProps<unknown, Context>) {
    if (!isLinkPage(props.pageContext)) return <RouteOwnHead {...props} />;
    return <Seo title={words.title} description={words.description} pathname={props.location.pathname} noindex />;
  };
}
