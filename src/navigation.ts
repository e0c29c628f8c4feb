import { compareText } from "./content/dates";
import { pathTo, type Route } from "./routes";

/** Pure: route table -> navigation model. The header renders it; the unit tests pin each rule. */

export interface NavLink {
  kind: "link";
  path: string;
  label: string;
  current: boolean;
}

export interface NavGroup {
  kind: "group";
  /** The shared first path segment, e.g. "membership". */
  id: string;
  label: string;
  /** The parent page, when it is itself shown in the navigation. */
  path?: string;
  items: NavLink[];
  /** True when the current page is one of the items (or the parent). */
  current: boolean;
}

export type NavEntry = NavLink | NavGroup;

export interface NavModel {
  /** The main links, left of the header. */
  main: NavEntry[];
  /** The separate cluster (announcements, schedule, contact), Contact last. */
  utility: NavLink[];
  /** The single list shown in the mobile menu: main, then the cluster, Contact last. */
  mobile: NavEntry[];
}

interface Sortable {
  order?: number;
  label: string;
}

/** navOrder ascending, routes without an order after those with one, then by label (code units: compareText). */
export function compareNav(a: Sortable, b: Sortable): number {
  const aHas = a.order !== undefined;
  const bHas = b.order !== undefined;
  if (aHas && bHas && a.order !== b.order) return (a.order as number) - (b.order as number);
  if (aHas !== bHas) return aHas ? -1 : 1;
  return compareText(a.label, b.label);
}

export function firstSegment(path: string): string {
  return path.split("/").filter(Boolean)[0] ?? "";
}

function isNested(path: string): boolean {
  return path.split("/").filter(Boolean).length > 1;
}

export function samePath(a: string, b: string): boolean {
  const norm = (p: string) => (p.endsWith("/") ? p : `${p}/`);
  return norm(a) === norm(b);
}

function labelOf(route: Route): string {
  return route.navLabel ?? route.title;
}

function toLink(route: Route, currentPath: string): NavLink & Sortable {
  return {
    kind: "link",
    path: route.path,
    label: labelOf(route),
    order: route.navOrder,
    current: samePath(route.path, currentPath),
  };
}

function strip<T extends Sortable>(entry: T): Omit<T, "order"> {
  const { order: _order, ...rest } = entry;
  return rest;
}

export function isInNav(route: Route): boolean {
  return !route.noNav && !samePath(route.path, pathTo("sitemap"));
}

export function buildNav(allRoutes: readonly Route[], currentPath: string): NavModel {
  const shown = allRoutes.filter(isInNav);
  const utility = shown
    .filter((route) => route.utility)
    .map((route) => toLink(route, currentPath))
    .sort(compareNav);

  const mainRoutes = shown.filter((route) => !route.utility);
  const groups = new Map<string, Route[]>();
  for (const route of mainRoutes.filter((r) => isNested(r.path))) {
    const id = firstSegment(route.path);
    groups.set(id, [...(groups.get(id) ?? []), route]);
  }

  const entries: Array<NavEntry & Sortable> = [];
  for (const route of mainRoutes) {
    if (isNested(route.path)) continue;
    if (groups.has(firstSegment(route.path))) continue; // the parent becomes the group's heading
    entries.push(toLink(route, currentPath));
  }
  for (const [id, members] of groups) {
    const items = members.map((route) => toLink(route, currentPath)).sort(compareNav);
    const parent = allRoutes.find((route) => samePath(route.path, `/${id}/`));
    const parentShown = parent !== undefined && isInNav(parent) && !parent.utility;
    entries.push({
      kind: "group",
      id,
      label: parent ? labelOf(parent) : id.charAt(0).toUpperCase() + id.slice(1),
      path: parentShown ? parent.path : undefined,
      items: items.map((item) => strip(item)),
      current: items.some((item) => item.current) || (parent !== undefined && samePath(parent.path, currentPath)),
      // A group sits where its parent would, or where its first item would when the parent is hidden.
      order: parentShown ? parent.navOrder : items[0]?.order,
    });
  }
  entries.sort(compareNav);

  const main = entries.map((entry) => strip(entry) as NavEntry);
  // Contact always ends the cluster, so it is also the last link of the mobile menu.
  const links = utility.map((link) => strip(link));
  const utilityLinks = [
    ...links.filter((link) => !samePath(link.path, pathTo("contact"))),
    ...links.filter((link) => samePath(link.path, pathTo("contact"))),
  ];
  return { main, utility: utilityLinks, mobile: [...main, ...utilityLinks] };
}
