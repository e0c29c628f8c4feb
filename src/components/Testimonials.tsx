import { graphql } from "gatsby";
import * as styles from "./Testimonials.module.css";

export const fragment = graphql`
  fragment TestimonialCard on Testimonial {
    quote
    name
    memberSince
    programs
  }
`;

/**
 * Members' reviews, as staff chose them in content/testimonials.json.
 *
 * No Review or AggregateRating JSON-LD, on purpose: Google shows no review rich result for a
 * LocalBusiness or Organization whose reviews it hosts itself ("self-serving reviews", Google Search
 * Central, "Making Review Rich Results more helpful", 2019-09-16, and the review-snippet guidelines).
 * These are the gym's reviews of itself on its own site, the program pages' too (the programs are the
 * gym's own services), so the markup could earn nothing and would claim what the rules exclude.
 */
export function Testimonials({ items }: { items: ReadonlyArray<Pick<Queries.TestimonialCardFragment, "quote" | "name" | "memberSince">> }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.name} className={styles.item}>
          <figure className={styles.figure}>
            <blockquote className={styles.quote}>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption>
              <strong>{item.name}</strong>
              <span className={styles.detail}>Member since {item.memberSince}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
