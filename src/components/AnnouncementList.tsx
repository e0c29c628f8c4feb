import { graphql, Link } from "gatsby";
import { announcementPath } from "../routes";
import * as styles from "./AnnouncementList.module.css";

export const fragment = graphql`
  fragment AnnouncementSummary on Announcement {
    slug
    title
    summary
    iso: date(formatString: "YYYY-MM-DD")
    date(formatString: "MMMM D, YYYY")
  }
`;

/** Announcements in the order given (the query sorts newest first), each linking to its own page. */
export function AnnouncementList({
  items,
  headingLevel = 2,
}: {
  items: readonly Queries.AnnouncementSummaryFragment[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (items.length === 0) return <p>No announcements right now. Check back soon.</p>;
  return (
    <ol className={styles.list}>
      {items.map(({ slug, title, summary, iso, date }) => (
        <li key={slug} className={styles.item}>
          <article>
            <time className={styles.date} dateTime={iso}>
              {date}
            </time>
            <Heading className={styles.title}>
              <Link to={announcementPath(slug)}>{title}</Link>
            </Heading>
            <p className={styles.summary}>{summary}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
