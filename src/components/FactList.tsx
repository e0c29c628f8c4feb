import * as styles from "./FactList.module.css";

/** Label/value pairs shown as a compact table (policy numbers, program facts). */
export function FactList({ facts, caption }: { facts: ReadonlyArray<{ label: string; value: string }>; caption: string }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <tbody>
        {facts.map((fact) => (
          <tr key={fact.label}>
            <th scope="row">{fact.label}</th>
            <td>{fact.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
