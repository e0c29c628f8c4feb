import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { MARKDOWN_COLLECTIONS } from "./schema";

/**
 * Each markdown file becomes a node of its folder's own type (Announcement, Program, Page), a child
 * of the MarkdownRemark node gatsby-transformer-remark made from it: the frontmatter as fields, so
 * every field has the type its content schema declares, plus the slug the file's name gives.
 * The content checks (onPreBootstrap) have already passed every file, so the fields are as declared.
 */
export const createMarkdownNode: GatsbyNode["onCreateNode"] = ({ node, getNode, actions, createNodeId, createContentDigest }) => {
  if (node.internal.type !== "MarkdownRemark" || !node.parent) return;
  const file = getNode(node.parent) as { relativeDirectory?: string; name?: string } | undefined;
  if (!file?.relativeDirectory || !file.name) return;
  const folder = file.relativeDirectory.split(path.sep)[0];
  const collection = MARKDOWN_COLLECTIONS.find((candidate) => candidate.folder === folder);
  if (!collection) return;
  const fields = { ...(node.frontmatter as Record<string, unknown>), slug: collection.slug(file.name) };
  const id = createNodeId(`${node.id} >>> ${collection.type}`);
  actions.createNode({
    ...fields,
    id,
    parent: node.id,
    children: [],
    internal: { type: collection.type, contentDigest: createContentDigest(fields) },
  });
  const child = getNode(id);
  if (child) actions.createParentChildLink({ parent: node, child });
};
