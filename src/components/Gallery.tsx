import { useRef, useState } from "react";
import { graphql } from "gatsby";
import { GatsbyImage, getImage, getSrc, type IGatsbyImageData } from "gatsby-plugin-image";
import { Lightbox, type LightboxImage } from "./Lightbox";
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
                onClick={(event) => {
                  event.preventDefault();
                  setOpenerIndex(index);
                  setOpenIndex(index);
                }}
              >
                <GatsbyImage image={thumb} alt={image.alt} />
              </a>
            </li>
          );
        })}
      </ul>
      {openIndex !== null && (
        <Lightbox
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
