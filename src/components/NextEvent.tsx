import { graphql, Link } from "gatsby";
import { formatClock } from "../content/dates";
import { htmlDateTime, lastDay, longDate } from "../content/eventTimes";
import { eventPath, pathTo } from "../routes";
import * as styles from "./NextEvent.module.css";

export const fragment = graphql`
  fragment NextEvent on Event {
    slug
    title
    start
    end
  }
`;

/**
 * One line for the home page: the first event that has not passed on the build's day at the gym, or
 * nothing when there is none. One that has already begun (a challenge of several weeks) is "on now".
 */
export function NextEvent({ event, today }: { event: Queries.NextEventFragment | undefined; today: string }) {
  if (!event) return null;
  const [date = "", clock = ""] = event.start.split(" ");
  const running = date < today;
  return (
    <p className={styles.line}>
      <strong>{running ? "On now:" : "Next event:"}</strong> <Link to={eventPath(event.slug)}>{event.title}</Link>,{" "}
      {running ? (
        <>
          until <time dateTime={lastDay(event)}>{longDate(lastDay(event))}</time>
        </>
      ) : (
        <time dateTime={htmlDateTime(event.start)}>
          {longDate(date)}, {formatClock(clock)}
        </time>
      )}
      . <Link to={pathTo("events")}>All events</Link>
    </p>
  );
}
