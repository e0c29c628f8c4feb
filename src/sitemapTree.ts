/** Pages -> a tree for the human sitemap: each page sits under the longest other page path it extends. Pure. */

import { announcementPath, eventPath } from "./routes";

export interface PageEntry {
  path: string;
  title: string;
}

export interface TreeNode extends PageEntry {
  children: TreeNode[];
}

export function buildSitemapTree(pages: readonly PageEntry[]): TreeNode[] {
  const nodes = pages.map((page) => ({ ...page, children: [] as TreeNode[] }));
  const roots: TreeNode[] = [];
  for (const node of nodes) {
    const parent = nodes
      .filter((other) => other !== node && other.path !== "/" && node.path.startsWith(other.path))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every page for people: the route table's pages, then each announcement and each event (past ones too) under its list. */
export function sitemapPages(
  routes: readonly PageEntry[],
  announcements: readonly { slug: string; title: string }[],
  events: readonly { slug: string; title: string }[] = [],
): PageEntry[] {
  return [
    ...routes.map((route) => ({ path: route.path, title: route.title })),
    ...announcements.map((announcement) => ({ path: announcementPath(announcement.slug), title: announcement.title })),
    ...events.map((event) => ({ path: eventPath(event.slug), title: event.title })),
  ];
}
