import * as styles from "../Staff.module.css";

/**
 * "Start from": the owner's templates for a reply or a text, and a blank one. Choosing one hands its id
 * to the box, which fills in its words for the person (the server has put in their name).
 */
export function TemplatePicker({
  value,
  templates,
  blank,
  onChoose,
}: {
  value: string;
  templates: ReadonlyArray<{ id: number; name: string }>;
  /** The blank choice's words: "A blank reply", "A blank text". */
  blank: string;
  onChoose: (id: string) => void;
}) {
  return (
    <label className={styles.field}>
      <span>Start from</span>
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        <option value="">{blank}</option>
        {templates.map((entry) => (
          <option key={entry.id} value={String(entry.id)}>
            {entry.name}
          </option>
        ))}
      </select>
    </label>
  );
}
