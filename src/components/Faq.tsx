import * as styles from "./Faq.module.css";

/** Questions as native disclosures: keyboard and screen-reader friendly with no script. */
export function Faq({ items }: { items: ReadonlyArray<{ question: string; answer: string }> }) {
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <details key={item.question} className={styles.item}>
          <summary className={styles.question}>{item.question}</summary>
          <p className={styles.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
