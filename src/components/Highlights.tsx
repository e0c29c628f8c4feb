import { CheckIcon } from "./Icons";
import * as styles from "./Highlights.module.css";

export function Highlights({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item} className={styles.item}>
          <CheckIcon className={styles.icon} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
