import type { ReactNode } from "react";
import * as styles from "./Staff.module.css";

/**
 * A button that acts on one item of a screen's list: held while a change is under way (`busy`, from
 * useChanges), so nothing is sent twice. `label` names the item for a screen reader where the words
 * alone would not; `danger` is for what cannot be undone.
 */
export function ActionButton({
  busy,
  danger,
  label,
  onClick,
  children,
}: {
  busy: boolean;
  danger?: boolean;
  label?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={danger ? styles.danger : styles.secondary} disabled={busy} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
