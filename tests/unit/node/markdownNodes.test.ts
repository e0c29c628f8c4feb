import path from "node:path";
import type { CreateNodeArgs, Node } from "gatsby";
import { createMarkdownNode } from "../../../src/node/markdownNodes";

/** Each markdown file's node is made by Gatsby's actions, recorded here as they are called. */
function created(relativeDirectory: string, name: string, frontmatter: object) {
  const nodes = new Map<string, Node>();
  const file = { id: "file-1", relativeDirectory, name, internal: { type: "File" } } as unknown as Node;
  const markdown = { id: "markdown-1", parent: file.id, frontmatter, internal: { type: "MarkdownRemark" } } as unknown as Node;
  nodes.set(file.id, file);
  const links: Array<[string, string]> = [];
  createMarkdownNode?.(
    {
      node: markdown,
      getNode: (id: string) => nodes.get(id),
      createNodeId: (seed: string) => `id(${seed})`,
      createContentDigest: (value: unknown) => JSON.stringify(value),
      actions: {
        createNode: (node: Node) => nodes.set(node.id, node),
        createParentChildLink: ({ parent, child }: { parent: Node; child: Node }) => links.push([parent.id, child.id]),
      },
    } as unknown as CreateNodeArgs,
    { plugins: [] },
    () => undefined,
  );
  nodes.delete(file.id);
  return { nodes: [...nodes.values()], links };
}

test("an announcement becomes an Announcement node: its frontmatter, the slug from its file name, a child of its markdown", () => {
  const { nodes, links } = created("announcements", "2026-11-16-thanksgiving-hours", { title: "Thanksgiving hours", date: "2026-11-16" });
  expect(nodes).toEqual([
    expect.objectContaining({
      id: "id(markdown-1 >>> Announcement)",
      parent: "markdown-1",
      title: "Thanksgiving hours",
      date: "2026-11-16",
      slug: "thanksgiving-hours",
      internal: expect.objectContaining({ type: "Announcement" }),
    }),
  ]);
  expect(links).toEqual([["markdown-1", "id(markdown-1 >>> Announcement)"]]);
});

test("programs and pages get their own types; markdown outside the collections gets none", () => {
  expect(created("programs", "crossfitkids", { key: "kids" }).nodes[0]).toMatchObject({
    key: "kids",
    slug: "crossfitkids",
    internal: { type: "Program" },
  });
  expect(created(path.join("pages", "drafts"), "about", { title: "About" }).nodes[0]).toMatchObject({
    slug: "about",
    internal: { type: "Page" },
  });
  expect(created("galleries", "notes", { title: "Notes" }).nodes).toEqual([]);
});
