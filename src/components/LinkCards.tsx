import { Link } from "gatsby";
import { ArrowRightIcon } from "./Icons";
import * as styles from "./LinkCards.module.css";

/** Cards that each lead to one page (membership overview, sitemap sections). */
export function LinkCards({ items }: { items: ReadonlyArray<{ path: string; title: string; description: string }> }) {
  return (
    <ul className={styles.cards}>
      {items.map((item) => (
        <li key={item.path} className={styles.card}>
          <h2 className={styles.title}>
            <Link to={item.path} className={styles.link}>
              {item.title}
            </Link>
          </h2>
          <p>{item.description}</p>
          <ArrowRightIcon className={styles.arrow} />
        </li>
      ))}
    </ul>
  );
}
