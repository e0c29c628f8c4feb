import { useEffect, useState } from "react";
import type { HeadProps, PageProps } from "gatsby";
import { ErrorMessage } from "../components/ErrorMessage";
import { Seo } from "../components/Seo";

/** Served with status 404 for any unknown path; shows the path the visitor asked for. */
export default function NotFoundPage({ location }: PageProps) {
  // The static 404.html is shared by every unknown path, so the path is filled in once in the browser.
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => setPath(location.pathname), [location.pathname]);
  return (
    <ErrorMessage heading="Oh No! 404 - Page Not Found!">
      <p>
        Page not found: <code data-testid="missing-path">{path ?? "this address"}</code>
      </p>
    </ErrorMessage>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Page not found"
    description="This page does not exist. Find your way back from the home page."
    pathname={location.pathname}
    noindex
  />
);
