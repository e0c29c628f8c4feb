import { graphql, Link } from "gatsby";
import { htmlDateTime, longDate } from "../content/eventTimes";
import { formatClock } from "../content/dates";
import { eventPath, pathTo } from "../routes";
import * as styles from "./NextEvent.module.css";

export const fragment = graphql`
  fragment NextEvent on Event {
    slug
    title
    start
  }
`;

/** One line for the home page: the next event that has not passed, or nothing when there is none. */
export function NextEvent({ event }: { event: Queries.NextEventFragment | undefined }) {
  if (!event) return null;
  const [date = "", clock = ""] = event.start.split(" ");
  return (
    <p className={styles.line}>
      <strong>Next event:</strong> <Link to={eventPath(event.slug)}>{event.title}</Link>,{" "}
      <time dateTime={htmlDateTime(event.start)}>
        {longDate(date)}, {formatClock(clock)}
      </time>
      . <Link to={pathTo("events")}>All events</Link>
    </p>
  );
}
