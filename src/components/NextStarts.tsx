import { Link } from "gatsby";
import { formatLongDate } from "../content/dates";
import { pathTo } from "../routes";
import * as styles from "./NextStarts.module.css";

/** A program's next start dates (already chosen from the gym's today), or when there are none, the way in. */
export function NextStarts({ dates }: { dates: readonly string[] }) {
  if (dates.length === 0) {
    return (
      <p>
        {/* Says nothing of how often groups start: that is the gym's to write, in the program's start dates. */}
        No start dates are posted right now: <Link to={pathTo("intro")}>book a free intro</Link> and we will find yours.
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {dates.map((date) => (
        <li key={date}>
          <time dateTime={date}>{formatLongDate(date)}</time>
        </li>
      ))}
    </ul>
  );
}
