import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import * as styles from "./ArticleImage.module.css";

export function ArticleImage({ image, alt }: { image: IGatsbyImageData; alt: string }) {
  return <GatsbyImage image={image} alt={alt} className={styles.image} />;
}
