/** Pages -> a tree for the human sitemap: each page sits under the longest other page path it extends. Pure. */

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
