import { type ReactNode } from "react";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import * as styles from "./Hero.module.css";

/** The home page's first screen: a full-bleed photo with the headline over it. */
export function Hero({
  image,
  alt,
  title,
  lead,
  children,
}: {
  image?: IGatsbyImageData;
  alt: string;
  title: string;
  lead?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className={styles.hero}>
      {/* The first screen's photo: fetched with the page's first requests, shown as soon as it arrives. */}
      {image && <GatsbyImage image={image} alt={alt} loading="eager" fetchPriority="high" className={styles.image} />}
      <div className={styles.overlay}>
        <div className={styles.content}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {children}
        </div>
      </div>
    </div>
  );
}
