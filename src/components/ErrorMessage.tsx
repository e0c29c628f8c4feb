import { type ReactNode } from "react";
import { Link } from "gatsby";
import { pathTo } from "../routes";
import * as styles from "./ErrorMessage.module.css";

/** The shared look of the 404 page and the render-error page. */
export function ErrorMessage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className={styles.error} aria-labelledby="error-heading">
      <h1 id="error-heading" className={styles.heading}>
        {heading}
      </h1>
      {children}
      <p>
        <Link to={pathTo("home")} className={styles.home}>
          Go back home
        </Link>
      </p>
    </section>
  );
}
