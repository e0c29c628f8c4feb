import fromMarkdown from "mdast-util-from-markdown";
import type { ContentError } from "./contentError";

/**
 * HTML written straight into markdown reaches the page as it is (Markdown.tsx renders what
 * gatsby-transformer-remark made), so a <script>, an onclick or a javascript: link in an announcement
 * would run on the site. Staff write markdown; the only raw HTML let through is a line break and a
 * comment, which cannot run anything.
 */
const HARMLESS = /^(?:<br\s*\/?>|<!--(?:(?!--)[\s\S])*-->)$/i;

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
  position?: { start: { line: number } };
}

/**
 * Every piece of raw HTML in a markdown body, as a content error naming the file and the line. The
 * parser is the one gatsby-transformer-remark uses (mdast-util-from-markdown, via remark-parse 9), so
 * what it calls HTML is exactly what the page would get.
 */
export function checkRawHtml(file: string, body: string, firstBodyLine = 1): ContentError[] {
  const errors: ContentError[] = [];
  const visit = (node: MarkdownNode) => {
    if (node.type === "html" && !HARMLESS.test((node.value ?? "").trim())) {
      const line = (node.position?.start.line ?? 1) + firstBodyLine - 1;
      const snippet = (node.value ?? "").trim().split("\n")[0]?.slice(0, 40);
      errors.push({ file, field: `body (line ${line})`, message: `raw HTML is not allowed (${snippet}); write it in markdown` });
    }
    node.children?.forEach(visit);
  };
  visit(fromMarkdown(body) as MarkdownNode);
  return errors;
}
