import type { ReactNode } from "react";
import * as styles from "./Form.module.css";

export interface FieldState {
  id: string;
  error?: string;
  hint?: ReactNode;
}

export function describedBy({ id, error, hint }: FieldState): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
      {required ? <span className={styles.required}> (required)</span> : <span className={styles.optional}> (optional)</span>}
    </label>
  );
}

export function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className={styles.hint}>
      {children}
    </p>
  );
}

export function ErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.error}>
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}

/** Label, hint, message and control, wired together with ids and aria-describedby. */
export function Field({ state, label, required, children }: { state: FieldState; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={styles.field} data-invalid={state.error ? "" : undefined}>
      <Label htmlFor={state.id} label={label} required={required} />
      <Hint id={state.id}>{state.hint}</Hint>
      <ErrorText id={state.id} error={state.error} />
      {children}
    </div>
  );
}
