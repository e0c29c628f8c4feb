import { pathTo, routeFor, routes } from "../routes";
import { ButtonLink } from "./ButtonLink";
import * as styles from "./IntroBar.module.css";

/**
 * The free-intro call to action that stays in reach at the bottom of a phone's screen: fixed to the
 * screen's bottom edge, with the same height kept free at the end of the page, so at the end it lies
 * below the footer, never over it or over the last of the content. It is in the server's HTML (no
 * shift when scripts load) and needs no script. CSS shows it on small screens only; pages whose
 * route says `noIntroBar` (other forms to finish) and the intro's own pages leave it out.
 */
export function IntroBar({ pathname }: { pathname: string }) {
  const intro = routeFor(pathTo("intro"));
  if (hidden(pathname, intro.path)) return null;
  return (
    <aside className={styles.bar} aria-label="Free intro" data-intro-bar>
      <ButtonLink to={intro.path}>{intro.title}</ButtonLink>
    </aside>
  );
}

function hidden(pathname: string, introPath: string): boolean {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  // The intro's own pages, and any page at or under a route without the bar (the kids' trial's cancel
  // page under its booking's); a page from content (an announcement) is not in the route table and shows it.
  return path.startsWith(introPath) || routes.some((route) => route.noIntroBar && path.startsWith(route.path));
}
