import { useEffect, useId, useRef, useState } from "react";
import { Link } from "gatsby";
import type { NavGroup as NavGroupModel } from "../navigation";
import { ChevronDownIcon } from "./Icons";
import * as styles from "./Header.module.css";

/**
 * A disclosure (button + list of links), not an ARIA menu: Tab moves through the links as usual,
 * Escape closes and returns focus to the button, and it closes when focus or a tap leaves it.
 */
export function NavGroup({ group }: { group: NavGroupModel }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from anywhere inside the open group closes it (disclosure menu pattern)
    <li
      ref={rootRef}
      className={styles.group}
      data-current={group.current || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.groupButton}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {group.label}
        <ChevronDownIcon size={18} className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.groupList} hidden={!open}>
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
    </li>
  );
}
