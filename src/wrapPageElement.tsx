import type { WrapPageElementBrowserArgs } from "gatsby";
import { Layout } from "./components/Layout";

/** Shared by gatsby-browser and gatsby-ssr: the layout persists across client-side navigation. */
export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  return <Layout pathname={props.location.pathname}>{element}</Layout>;
}
