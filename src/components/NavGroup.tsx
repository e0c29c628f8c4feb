import { useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import type { NavGroup as NavGroupModel } from "../navigation";
import { ChevronDownIcon } from "./Icons";
import * as styles from "./Header.module.css";

/**
 * A disclosure (<details>: its summary and a list of links), not an ARIA menu: it opens without
 * JavaScript, Tab moves through the links as usual, and once the page is live Escape closes it and
 * returns focus to its summary, and it closes when focus or a tap leaves it.
 */
export function NavGroup({ group }: { group: NavGroupModel }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // Opened before the page was live: it stays open.
    if (rootRef.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    <li className={styles.group} data-current={group.current || undefined}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from anywhere inside the open group closes it (disclosure pattern) */}
      <details
        ref={rootRef}
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
            rootRef.current?.querySelector("summary")?.focus();
          }
        }}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <summary className={styles.groupButton}>
          {group.label}
          <ChevronDownIcon size={18} className={styles.chevron} />
        </summary>
        <ul className={styles.groupList}>
          {group.path && (
            <li>
              <Link to={group.path} aria-current={group.path && group.current ? "page" : undefined} className={styles.link}>
                {group.label} overview
              </Link>
            </li>
          )}
          {group.items.map((item) => (
            <li key={item.path}>
              <Link to={item.path} aria-current={item.current ? "page" : undefined} className={styles.link}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
