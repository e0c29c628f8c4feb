import type { AnchorHTMLAttributes } from "react";

/**
 * Gatsby's runtime exists only inside a Gatsby build. Components under unit test need just its Link
 * (a plain anchor is what Gatsby renders too), graphql (the build extracts queries and replaces the
 * tag; here it just returns the query text) and useStaticQuery (whose data the test provides).
 */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={to} {...rest} />;
}

export function graphql(strings: TemplateStringsArray): string {
  return strings.join("");
}

let staticQueryData: unknown;

/** Tests set the data a component's static query returns. */
export function setStaticQueryData(data: unknown): void {
  staticQueryData = data;
}

export function useStaticQuery<T>(): T {
  if (staticQueryData === undefined) throw new Error("Call setStaticQueryData() before rendering");
  return staticQueryData as T;
}
