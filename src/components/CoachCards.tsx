import { graphql, Link } from "gatsby";
import { GatsbyImage, getImage } from "gatsby-plugin-image";
import { coachAnchor } from "../content/coaches";
import { pathTo, programPath } from "../routes";
import { Markdown } from "./Markdown";
import * as styles from "./CoachCards.module.css";

export const fragment = graphql`
  fragment CoachCard on Coach {
    name
    html
    certifications
    programs
    photoAlt
    photo {
      childImageSharp {
        gatsbyImageData(
          width: 480
          aspectRatio: 1.25
          outputPixelDensities: [0.5, 1, 2]
          placeholder: DOMINANT_COLOR
          sizes: "(min-width: 64rem) 30rem, (min-width: 48rem) 40vw, 100vw"
        )
      }
    }
  }
`;

/**
 * One card per coach, each with the id the schedule links to (/coaches/#dana): photo, name,
 * certifications, the programs they coach (linked) and the short bio. No Person JSON-LD: it would
 * repeat the page and earns no rich result.
 */
export function CoachCards({
  coaches,
  programs,
}: {
  coaches: readonly Queries.CoachCardFragment[];
  programs: ReadonlyArray<{ key: string; title: string }>;
}) {
  const titles = new Map(programs.map((program) => [program.key, program.title]));
  return (
    <ul className={styles.cards}>
      {coaches.map((coach) => {
        const anchor = coachAnchor(coach.name);
        const image = getImage(coach.photo.childImageSharp?.gatsbyImageData ?? null);
        return (
          <li key={anchor} id={anchor} className={styles.card}>
            {image && <GatsbyImage image={image} alt={coach.photoAlt} className={styles.photo} />}
            <div className={styles.body}>
              <h2 className={styles.name}>{coach.name}</h2>
              {coach.certifications.length > 0 && (
                <ul className={styles.certifications}>
                  {coach.certifications.map((certification) => (
                    <li key={certification}>{certification}</li>
                  ))}
                </ul>
              )}
              <p className={styles.programs}>
                Coaches{" "}
                {coach.programs.map((key, index) => (
                  <span key={key}>
                    {index > 0 && (index === coach.programs.length - 1 ? " and " : ", ")}
                    <Link to={programPath(key) ?? pathTo("programs")}>{titles.get(key) ?? key}</Link>
                  </span>
                ))}
              </p>
              <Markdown html={coach.html} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
