import { type ReactNode } from "react";
import * as styles from "./Section.module.css";

/** A page section with the site's width, padding and optional heading. */
export function Section({
  title,
  id,
  tone = "plain",
  children,
  actions,
}: {
  title?: string;
  id?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} className={styles.section} data-tone={tone} aria-labelledby={title ? headingId : undefined}>
      <div className={styles.inner}>
        {title && (
          <div className={styles.head}>
            <h2 id={headingId}>{title}</h2>
            {actions}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
