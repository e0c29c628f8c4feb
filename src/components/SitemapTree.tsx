import { Link } from "gatsby";
import type { TreeNode } from "../sitemapTree";

export function SitemapTree({ nodes, className }: { nodes: readonly TreeNode[]; className?: string }) {
  return (
    <ul className={className}>
      {nodes.map((node) => (
        <li key={node.path}>
          <Link to={node.path}>{node.title}</Link>
          {node.children.length > 0 && <SitemapTree nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}
