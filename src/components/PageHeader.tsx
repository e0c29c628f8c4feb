import { type ReactNode } from "react";
import * as styles from "./PageHeader.module.css";

/** The same heading block on every page: an eyebrow, the h1 and a short lead. */
export function PageHeader({
  title,
  lead,
  eyebrow,
  children,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.inner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </div>
  );
}
