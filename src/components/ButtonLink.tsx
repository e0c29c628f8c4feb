import { type ReactNode } from "react";
import { Link } from "gatsby";
import * as styles from "./ButtonLink.module.css";

/** A link that looks like a button: the site's calls to action. */
export function ButtonLink({
  to,
  variant = "primary",
  children,
  file,
}: {
  to: string;
  variant?: "primary" | "secondary" | "ghost";
  children: ReactNode;
  /** Links to files (calendars) bypass the router. */
  file?: boolean;
}) {
  if (file) {
    return (
      <a href={to} className={styles.button} data-variant={variant}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={styles.button} data-variant={variant}>
      {children}
    </Link>
  );
}
