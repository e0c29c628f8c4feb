import type { WrapPageElementBrowserArgs } from "gatsby";
import { Layout } from "./components/Layout";

/** Shared by gatsby-browser and gatsby-ssr: the layout persists across client-side navigation. */
export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  // The staff console has its own frame (src/staff/App.tsx), not the public site's header and footer.
  if (props.location.pathname.startsWith("/staff/")) return element;
  return <Layout pathname={props.location.pathname}>{element}</Layout>;
}
