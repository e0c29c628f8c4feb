import { graphql, Link } from "gatsby";
import { eventWhen, htmlDateTime, priceText } from "../content/eventTimes";
import { eventPath, pathTo } from "../routes";
import * as styles from "./EventList.module.css";

export const fragment = graphql`
  fragment EventSummary on Event {
    slug
    title
    summary
    start
    end
    price
  }
`;

/** Events in the order given (the query sorts soonest first), each linking to its own page. */
export function EventList({ items }: { items: readonly Queries.EventSummaryFragment[] }) {
  if (items.length === 0) {
    return (
      <p>
        No events coming up right now. Check back soon, or read the <Link to={pathTo("announcements")}>announcements</Link>.
      </p>
    );
  }
  return (
    <ol className={styles.list}>
      {items.map((event) => (
        <li key={event.slug} className={styles.item}>
          <article>
            <h2 className={styles.title}>
              <Link to={eventPath(event.slug)}>{event.title}</Link>
            </h2>
            <p className={styles.when}>
              <time dateTime={htmlDateTime(event.start)}>{eventWhen(event)}</time> · {priceText(event.price)}
            </p>
            <p className={styles.summary}>{event.summary}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
