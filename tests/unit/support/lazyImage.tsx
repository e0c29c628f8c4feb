import { renderToStaticMarkup } from "react-dom/server";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";

/**
 * gatsby-plugin-image's own server rendering of a lazy photo, as the build writes it into a page: a JPEG
 * at two widths and, when asked, a WebP source beside it (the site's images all have one).
 */
export function lazyImage(name: string, { webp = false } = {}): string {
  const image: IGatsbyImageData = {
    layout: "constrained",
    width: 480,
    height: 384,
    backgroundColor: "#181818",
    images: {
      fallback: { src: `/static/${name}.jpg`, srcSet: `/static/${name}-240.jpg 240w,/static/${name}.jpg 480w`, sizes: "100vw" },
      sources: webp ? [{ type: "image/webp", srcSet: `/static/${name}-240.webp 240w,/static/${name}.webp 480w`, sizes: "100vw" }] : [],
    },
  };
  return renderToStaticMarkup(<GatsbyImage image={image} alt={`Photo of ${name}`} />);
}
