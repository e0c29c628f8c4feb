import { formatLongDate } from "../forms/dateRules";
import { Markdown } from "./Markdown";
import * as styles from "./WodWorkout.module.css";

export type WodEntry = Queries.WodPageQuery["wods"]["nodes"][number];

const VERSIONS = [
  { key: "rx", label: "Rx", className: styles.rx },
  { key: "scaled", label: "Scaled", className: styles.scaled },
  { key: "foundations", label: "Foundations", className: styles.foundations },
] as const;

/** One day's workout: each part in its Rx, Scaled and Foundations versions, then the coach's notes. */
export function WodWorkout({ wod, headingLevel }: { wod: WodEntry; headingLevel: 2 | 3 }) {
  const Title = `h${headingLevel}` as const;
  const Part = `h${headingLevel + 1}` as "h3" | "h4";
  const titleId = `wod-${wod.date}`;
  const notes = wod.coachNotes || wod.html.trim();
  return (
    <article className={styles.workout} aria-labelledby={titleId}>
      <Title id={titleId} className={styles.title}>
        {wod.title}
      </Title>
      <p className={styles.date}>
        <time dateTime={wod.date}>{formatLongDate(wod.date)}</time>
      </p>
      {wod.parts.map((part) => (
        <section key={part.name} className={styles.part}>
          <Part className={styles.partName}>{part.name}</Part>
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
          <Part>Coach&rsquo;s notes</Part>
          {wod.coachNotes && <p>{wod.coachNotes}</p>}
          {wod.html.trim() && <Markdown html={wod.html} />}
        </section>
      )}
    </article>
  );
}
