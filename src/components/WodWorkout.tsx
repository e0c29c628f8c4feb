import { formatLongDate } from "../content/dates";
import { Markdown } from "./Markdown";
import * as styles from "./WodWorkout.module.css";

export type WodEntry = Queries.WodPageQuery["wods"]["nodes"][number];

const VERSIONS = [
  { key: "rx", label: "Rx", className: styles.rx },
  { key: "scaled", label: "Scaled", className: styles.scaled },
  { key: "foundations", label: "Foundations", className: styles.foundations },
] as const;

/** One day's workout: each part in its Rx, Scaled and Foundations versions, then the coach's notes. */
export function WodWorkout({ wod }: { wod: WodEntry }) {
  const titleId = `wod-${wod.date}`;
  const notes = wod.coachNotes || wod.html.trim();
  return (
    <article className={styles.workout} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {wod.title}
      </h2>
      <p className={styles.date}>
        <time dateTime={wod.date}>{formatLongDate(wod.date)}</time>
      </p>
      {wod.parts.map((part, index) => (
        // Two parts may share a name (a second metcon).
        <section key={index} className={styles.part}>
          <h3 className={styles.partName}>{part.name}</h3>
          <dl className={styles.versions}>
            {VERSIONS.map((version) => (
              <div key={version.key} className={`${styles.version} ${version.className}`}>
                <dt>{version.label}</dt>
                <dd>{part[version.key]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {notes && (
        <section className={styles.notes}>
          <h3>Coach&rsquo;s notes</h3>
          {wod.coachNotes && <p>{wod.coachNotes}</p>}
          {wod.html.trim() && <Markdown html={wod.html} />}
        </section>
      )}
    </article>
  );
}
