import { getSrc, type IGatsbyImageData } from "gatsby-plugin-image";

/** The file a page's query asks for with the SocialImage fragment (src/queries/fragments.ts). */
type SocialImageFile = { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null } | null;

/**
 * A page's own image for links shared on social sites and in chats (an announcement's, an event's):
 * what Seo's `image` takes, or undefined without one (Seo then shows the gym's default).
 */
export function socialImage(
  file: SocialImageFile,
  alt: string | null,
): { path: string; width: number; height: number; alt: string } | undefined {
  const image = file?.childImageSharp?.gatsbyImageData;
  const path = image ? getSrc(image) : undefined;
  return image && path ? { path, width: image.width, height: image.height, alt: alt ?? "" } : undefined;
}
