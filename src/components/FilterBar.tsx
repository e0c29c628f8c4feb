import { Link } from "gatsby";
import type { FilterOption } from "../filterOptions";
import * as styles from "./FilterBar.module.css";

/**
 * Filters as links, so the choice lives in the URL (shareable, survives a reload, works with the back
 * button). The chosen one carries aria-current.
 */
export function FilterBar({ label, options, selected }: { label: string; options: readonly FilterOption[]; selected: string | null }) {
  return (
    <nav aria-label={label} className={`${styles.bar} no-print`}>
      <ul className={styles.list}>
        {options.map((option) => (
          <li key={option.value ?? "all"}>
            <Link
              to={option.href}
              replace
              className={styles.option}
              aria-current={option.value === selected ? "true" : undefined}
              state={{ keepScroll: true }}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
