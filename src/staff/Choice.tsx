import * as styles from "./Staff.module.css";

/**
 * A labelled native <select> over a table of codes and their words (STATUS_LABELS, FORM_LABELS...),
 * with an optional first choice meaning "any".
 */
export function Choice<T extends string>({
  label,
  value,
  options,
  any,
  onChange,
}: {
  label: string;
  value: T | "";
  options: Readonly<Record<T, string>>;
  /** The words of a blank first choice (no filter); none when a value is required. */
  any?: string;
  onChange: (value: T) => void;
}) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {any !== undefined && <option value="">{any}</option>}
        {(Object.entries(options) as Array<[T, string]>).map(([code, words]) => (
          <option key={code} value={code}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
