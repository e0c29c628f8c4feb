import { type CSSProperties, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { buildNav, type NavLink } from "../navigation";
import { linkTo, pathTo, routes } from "../routes";
import { CloseIcon, MenuIcon } from "./Icons";
import { LogoMark } from "./Logo";
import { NavGroup } from "./NavGroup";
import { wrapFocus } from "../runtime/wrapFocus";
import * as styles from "./Header.module.css";

function NavItemLink({ link }: { link: NavLink }) {
  return (
    <Link to={link.path} aria-current={link.current ? "page" : undefined} className={styles.link}>
      {link.label}
    </Link>
  );
}

const FOCUSABLE = 'a[href], summary, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Logo, the main links, the separate utility cluster and the call to action. Below the desktop
 * breakpoint the links live in a full-height panel that the menu disclosure opens: a <details>, so it
 * opens with JavaScript off and while the page is still loading its scripts (the panel is the next
 * element, shown by CSS while the disclosure is open). Once the page is live, focus stays inside the
 * header while it is open, Escape closes it, and so does following a link.
 */
export function Header({ pathname, siteName }: { pathname: string; siteName: string }) {
  const nav = buildNav(routes, pathname);
  const intro = linkTo("intro");
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    // Opened before the page was live: it stays open, now with the keyboard handling below.
    if (menuRef.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    document.documentElement.dataset.menuOpen = "true";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        menuRef.current?.querySelector("summary")?.focus();
        return;
      }
      if (event.key !== "Tab" || !headerRef.current) return;
      wrapFocus(
        event,
        Array.from(headerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.offsetParent !== null),
      );
    };
    document.addEventListener("keydown", onKey);
    return () => {
      delete document.documentElement.dataset.menuOpen;
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <header ref={headerRef} className={styles.header} data-site-header>
      <div className={styles.bar}>
        <Link to={pathTo("home")} className={styles.brand}>
          <LogoMark size={36} />
          <span className={styles.brandName} style={{ "--name-length": siteName.length } as CSSProperties}>
            {siteName}
          </span>
        </Link>
        <details ref={menuRef} className={styles.menu} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className={styles.menuButton} aria-controls="site-navigation">
            <MenuIcon className={styles.openIcon} />
            <CloseIcon className={styles.closeIcon} />
            <span>Menu</span>
          </summary>
        </details>
        <nav id="site-navigation" aria-label="Main" className={styles.nav}>
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
