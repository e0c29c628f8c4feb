import { type ReactNode } from "react";
import * as styles from "./Actions.module.css";

/** A row of calls to action that wraps on small screens. */
export function Actions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${styles.actions} ${className}` : styles.actions}>{children}</div>;
}
