import { useRef, useState } from "react";
import { graphql } from "gatsby";
import { GatsbyImage, getImage, getSrc, type IGatsbyImageData } from "gatsby-plugin-image";
import type { Lightbox, LightboxImage } from "./Lightbox";
import * as styles from "./Gallery.module.css";

export const fragment = graphql`
  fragment LightboxPhoto on File {
    childImageSharp {
      gatsbyImageData(layout: CONSTRAINED, breakpoints: [640, 1024, 1600], width: 1600, placeholder: DOMINANT_COLOR)
    }
  }

  fragment GalleryWithImages on GalleryJson {
    slug: jsonId
    name
    description
    category
    images {
      id
      alt
      src {
        childImageSharp {
          gatsbyImageData(
            width: 320
            aspectRatio: 1.5
            outputPixelDensities: [1, 2]
            placeholder: DOMINANT_COLOR
            sizes: "(min-width: 72rem) 17rem, (min-width: 40rem) 30vw, 50vw"
          )
        }
      }
      fullSrc {
        ...LightboxPhoto
      }
      full: src {
        ...LightboxPhoto
      }
    }
  }
`;

type GalleryImage = Queries.GalleryWithImagesFragment["images"][number];

// The lightbox is only for visitors who open a photo: its code is fetched when a thumbnail is first
// pointed at, focused or tapped, not with the page. A failed fetch is forgotten, so the next try asks again.
let lightboxModule: Promise<typeof Lightbox> | undefined;
function loadLightbox(): Promise<typeof Lightbox> {
  lightboxModule ??= import("./Lightbox").then(
    (module) => module.Lightbox,
    (error: unknown) => {
      lightboxModule = undefined;
      throw error;
    },
  );
  return lightboxModule;
}
const prefetchLightbox = () => void loadLightbox().catch(() => undefined);

/** The lightbox's photo: fullSrc when the gallery names a larger file, the thumbnail's file otherwise. */
function fullPhoto(image: GalleryImage) {
  return (image.fullSrc ?? image.full).childImageSharp?.gatsbyImageData;
}

function toLightboxImages(gallery: Queries.GalleryWithImagesFragment): LightboxImage[] {
  return gallery.images.flatMap((image) => {
    const full = getImage(fullPhoto(image) ?? null);
    return full ? [{ id: image.id, alt: image.alt, image: full }] : [];
  });
}

/** One gallery: a grid of thumbnails, each a link to the full photo that opens the lightbox. */
export function Gallery({ gallery }: { gallery: Queries.GalleryWithImagesFragment }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [openerIndex, setOpenerIndex] = useState(0);
  const [LightboxView, setLightboxView] = useState<typeof Lightbox | null>(null);
  const triggers = useRef<Array<HTMLAnchorElement | null>>([]);
  const images = toLightboxImages(gallery);
  const headingId = `gallery-${gallery.slug}`;

  return (
    <section className={styles.gallery} aria-labelledby={headingId} data-category={gallery.category}>
      <h2 id={headingId}>{gallery.name}</h2>
      <p className={styles.description}>{gallery.description}</p>
      <ul className={styles.grid}>
        {gallery.images.map((image, index) => {
          const thumb = getImage(image.src.childImageSharp?.gatsbyImageData ?? null) as IGatsbyImageData | undefined;
          const fullData = fullPhoto(image);
          const fullHref = (fullData && getSrc(fullData)) ?? "#";
          if (!thumb) return null;
          return (
            <li key={image.id}>
              <a
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                href={fullHref}
                className={styles.thumb}
                aria-haspopup="dialog"
                onPointerEnter={prefetchLightbox}
                onFocus={prefetchLightbox}
                onClick={(event) => {
                  event.preventDefault();
                  const { href } = event.currentTarget;
                  loadLightbox().then(
                    (view) => {
                      setLightboxView(() => view);
                      setOpenerIndex(index);
                      setOpenIndex(index);
                    },
                    // Without the lightbox the link still leads to the full photo.
                    () => window.location.assign(href),
                  );
                }}
              >
                <GatsbyImage image={thumb} alt={image.alt} />
              </a>
            </li>
          );
        })}
      </ul>
      {openIndex !== null && LightboxView && (
        <LightboxView
          title={gallery.name}
          images={images}
          index={openIndex}
          onIndexChange={setOpenIndex}
          onClose={() => {
            setOpenIndex(null);
            triggers.current[openerIndex]?.focus();
          }}
        />
      )}
    </section>
  );
}
