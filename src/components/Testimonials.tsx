import { graphql } from "gatsby";
import * as styles from "./Testimonials.module.css";

export const fragment = graphql`
  fragment TestimonialCard on Testimonial {
    quote
    name
    memberSince
    postedOn
    programs
  }

  fragment GoogleRating on TestimonialsJson {
    googleRating {
      rating
      count
      url
    }
  }
`;

/** 4.8 -> "4.8", 5 -> "5.0": the way Google writes a rating. */
export function ratingText(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/**
 * Members' reviews, as staff chose them in content/testimonials.json.
 *
 * No Review or AggregateRating JSON-LD, on purpose: Google shows no review rich result for a
 * LocalBusiness or Organization whose reviews it hosts itself ("self-serving reviews", Google Search
 * Central, "Making Review Rich Results more helpful", 2019-09-16, and the review-snippet guidelines).
 * These are the gym's reviews of itself on its own site, the program pages' too (the programs are the
 * gym's own services), so the markup could earn nothing and would claim what the rules exclude.
 */
export function Testimonials({
  items,
  googleRating,
}: {
  items: ReadonlyArray<Pick<Queries.TestimonialCardFragment, "quote" | "name" | "memberSince" | "postedOn">>;
  /** The gym's rating on Google as staff entered it (content/testimonials.json), with a link to the reviews there. */
  googleRating?: Queries.GoogleRatingFragment["googleRating"];
}) {
  return (
    <>
      {googleRating && (
        <p className={styles.rating} data-testid="google-rating">
          <strong>{ratingText(googleRating.rating)} out of 5</strong> from {googleRating.count}{" "}
          {googleRating.count === 1 ? "review" : "reviews"} on Google. <a href={googleRating.url}>Read them on Google</a>
        </p>
      )}
      <ReviewList items={items} />
    </>
  );
}

function ReviewList({
  items,
}: {
  items: ReadonlyArray<Pick<Queries.TestimonialCardFragment, "quote" | "name" | "memberSince" | "postedOn">>;
}) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={`${item.name} ${item.memberSince}`} className={styles.item}>
          <figure className={styles.figure}>
            <blockquote className={styles.quote}>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption>
              <strong>{item.name}</strong>
              <span className={styles.detail}>
                Member since {item.memberSince}, posted on {item.postedOn}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
