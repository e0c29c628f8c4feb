import { graphql, Link } from "gatsby";
import { GatsbyImage, getImage } from "gatsby-plugin-image";
import { pathTo, programPath } from "../routes";
import { ArrowRightIcon } from "./Icons";
import * as styles from "./ProgramCards.module.css";

export const fragment = graphql`
  fragment ProgramCard on Program {
    key
    title
    tagline
    audience
    heroAlt
    hero {
      childImageSharp {
        gatsbyImageData(
          width: 400
          aspectRatio: 1.5
          outputPixelDensities: [1, 2]
          sizes: "(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 100vw"
        )
      }
    }
  }
`;

/** The three programs as cards linking to their pages. */
export function ProgramCards({ programs, headingLevel = 3 }: { programs: readonly Queries.ProgramCardFragment[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.cards}>
      {programs.map((program) => {
        const image = getImage(program.hero.childImageSharp?.gatsbyImageData ?? null);
        const path = programPath(program.key) ?? pathTo("programs");
        return (
          <li key={program.key} className={styles.card}>
            {image && <GatsbyImage image={image} alt={program.heroAlt} className={styles.image} />}
            <div className={styles.body}>
              <Heading className={styles.title}>
                <Link to={path} className={styles.link}>
                  {program.title}
                </Link>
              </Heading>
              <p className={styles.audience}>{program.audience}</p>
              <p>{program.tagline}</p>
              <span className={styles.more} aria-hidden="true">
                Learn more <ArrowRightIcon size={18} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
