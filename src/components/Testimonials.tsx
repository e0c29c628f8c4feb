import * as styles from "./Testimonials.module.css";

export function Testimonials({ items }: { items: ReadonlyArray<{ quote: string; name: string; detail: string }> }) {
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
              <span className={styles.detail}>{item.detail}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
