import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { buildNav, type NavLink } from "../navigation";
import { linkTo, pathTo, routes } from "../routes";
import { CloseIcon, MenuIcon } from "./Icons";
import { LogoMark } from "./Logo";
import { NavGroup } from "./NavGroup";
import * as styles from "./Header.module.css";

function NavItemLink({ link }: { link: NavLink }) {
  return (
    <Link to={link.path} aria-current={link.current ? "page" : undefined} className={styles.link}>
      {link.label}
    </Link>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Logo, the main links, the separate utility cluster and the call to action. Below the desktop
 * breakpoint the links live in a full-height panel opened by the menu button; while it is open, focus
 * stays inside the header and Escape closes it.
 */
export function Header({ pathname, siteName }: { pathname: string; siteName: string }) {
  const nav = buildNav(routes, pathname);
  const intro = linkTo("intro");
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    document.documentElement.dataset.menuOpen = "true";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        close(true);
        return;
      }
      if (event.key !== "Tab" || !headerRef.current) return;
      const focusable = Array.from(headerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.offsetParent !== null,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      delete document.documentElement.dataset.menuOpen;
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close]);

  return (
    <header ref={headerRef} className={styles.header} data-site-header>
      <div className={styles.bar}>
        <Link to={pathTo("home")} className={styles.brand}>
          <LogoMark size={36} />
          <span className={styles.brandName} style={{ "--name-length": siteName.length } as CSSProperties}>
            {siteName}
          </span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls="site-navigation"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>Menu</span>
        </button>
        <nav id="site-navigation" aria-label="Main" className={styles.nav} data-open={open || undefined}>
          <ul className={styles.mainList}>
            {nav.main.map((entry) =>
              entry.kind === "group" ? (
                <NavGroup key={entry.id} group={entry} />
              ) : (
                <li key={entry.path}>
                  <NavItemLink link={entry} />
                </li>
              ),
            )}
          </ul>
          <ul className={styles.utilityList}>
            {nav.utility.map((link) => (
              <li key={link.path}>
                <NavItemLink link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <Link to={intro.path} className={styles.cta}>
          {intro.label}
        </Link>
      </div>
    </header>
  );
}
