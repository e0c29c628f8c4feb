import fs from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import fromMarkdown from "mdast-util-from-markdown";
// @ts-expect-error -- github-slugger 1.x ships no types; the one method used is typed by Slugger below.
import GithubSlugger from "github-slugger";

/**
 * The documentation's links and commands work: README.md, CONTENT.md and every markdown file under
 * docs/ are parsed as markdown (mdast-util-from-markdown, CommonMark as GitHub reads it), and
 * - a relative link or image names a file or folder of the repository,
 * - a #anchor names a heading of its target, slugged as GitHub does (github-slugger),
 * - a site path such as /intro/ is refused: on GitHub it leads to github.com, not to the site,
 * - in code, `npm run NAME` (and `npm start`, `npm test`) names a script of package.json, `npx BIN` an
 *   installed binary, `node FILE` or `tsx FILE` a file, and a code span that is a path in one of the
 *   project's source folders names something that exists.
 * Addresses with a scheme (https:, mailto:) are not fetched: the tests run without a network.
 */

const ROOT = path.resolve(__dirname, "../..");
const SCRIPTS = new Set(Object.keys((JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: object }).scripts));
const BINARIES = path.join(ROOT, "node_modules", ".bin");
/** Folders whose paths, written as a code span, must exist (generated ones such as public/ or deploy/ are not listed). */
const SOURCE_PATH = /^(?:src|scripts|host|netlify|content|tests|docs|plugins|server-options|static|\.ci)\/[^\s<>*{}|\\]*$/;

interface Slugger {
  slug(value: string): string;
}
const newSlugger = (): Slugger => new (GithubSlugger as new () => Slugger)();

type MdNode = Root | Root["children"][number];

function* walk(node: MdNode): Generator<MdNode> {
  yield node;
  if ("children" in node) for (const child of node.children) yield* walk(child);
}

/** A heading's text as GitHub slugs it: the text of every inline part, code spans included. */
function textOf(node: MdNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if (node.type === "image") return node.alt ?? "";
  return "children" in node ? node.children.map(textOf).join("") : "";
}

function anchorsOf(markdown: string): Set<string> {
  const slugger = newSlugger();
  const anchors = new Set<string>();
  for (const node of walk(fromMarkdown(markdown))) if (node.type === "heading") anchors.add(slugger.slug(textOf(node)));
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(fs.readFileSync(file, "utf8"));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

function linkProblem(file: string, url: string, ownAnchors: Set<string>): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return null;
  if (url.startsWith("/")) return `${url} is a path on the website, which GitHub resolves to github.com: write the full address`;
  const hash = url.indexOf("#");
  const target = decodeURIComponent(hash < 0 ? url : url.slice(0, hash));
  const anchor = hash < 0 ? "" : decodeURIComponent(url.slice(hash + 1));
  const targetFile = target ? path.resolve(path.dirname(file), target) : file;
  if (!targetFile.startsWith(ROOT + path.sep)) return `${url} leads outside the repository`;
  if (!fs.existsSync(targetFile)) {
    const relative = path.relative(ROOT, targetFile);
    return relative === target ? `${url}: no such file` : `${url}: no such file (${relative})`;
  }
  if (!anchor) return null;
  if (!targetFile.endsWith(".md")) return `${url}: an anchor into a file that is not markdown`;
  const anchors = targetFile === file ? ownAnchors : anchorsOfFile(targetFile);
  return anchors.has(anchor) ? null : `${url}: no heading in ${path.relative(ROOT, targetFile)} has the anchor #${anchor}`;
}

function commandProblems(code: string): string[] {
  const problems: string[] = [];
  for (const [, name = ""] of code.matchAll(/\bnpm run ([\w:.-]+)/g)) {
    if (!SCRIPTS.has(name)) problems.push(`npm run ${name}: package.json has no script "${name}"`);
  }
  for (const [, name = ""] of code.matchAll(/\bnpm (start|test)\b/g)) {
    if (!SCRIPTS.has(name)) problems.push(`npm ${name}: package.json has no script "${name}"`);
  }
  for (const [, bin = ""] of code.matchAll(/\bnpx (?:--?[\w-]+ )*([\w@/.-]+)/g)) {
    if (!fs.existsSync(path.join(BINARIES, bin))) problems.push(`npx ${bin}: no such binary in node_modules/.bin`);
  }
  for (const [, file = ""] of code.matchAll(/\b(?:node|tsx) ((?:\.\/)?[\w./-]+\.[cm]?[jt]sx?)\b/g)) {
    if (!fs.existsSync(path.join(ROOT, file))) problems.push(`${file} does not exist`);
  }
  return problems;
}

/** Every broken link and command in one markdown file, as "file:line: what is wrong". */
function problemsIn(file: string, markdown: string): string[] {
  const tree = fromMarkdown(markdown);
  const ownAnchors = anchorsOf(markdown);
  const problems: string[] = [];
  const at = (node: MdNode, message: string) =>
    problems.push(`${path.relative(ROOT, file)}:${node.position?.start.line ?? "?"}: ${message}`);
  for (const node of walk(tree)) {
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const problem = linkProblem(file, node.url, ownAnchors);
      if (problem) at(node, problem);
    } else if (node.type === "inlineCode" || node.type === "code") {
      for (const problem of commandProblems(node.value)) at(node, problem);
      if (node.type === "inlineCode" && SOURCE_PATH.test(node.value) && !fs.existsSync(path.join(ROOT, node.value))) {
        at(node, `${node.value} does not exist`);
      }
    }
  }
  return problems;
}

function documentationFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return ["README.md", "CONTENT.md", ...docs.sort()];
}

describe("documentation", () => {
  test("covers the README, the editor guide and the docs/ folder", () => {
    expect(documentationFiles()).toEqual(
      expect.arrayContaining(["README.md", "CONTENT.md", "docs/architecture.md", "docs/operations.md", "docs/privacy.md"]),
    );
  });

  test.each(documentationFiles())("%s: every link, anchor and command works", (name) => {
    const file = path.join(ROOT, name);
    expect(problemsIn(file, fs.readFileSync(file, "utf8"))).toEqual([]);
  });
});

describe("the documentation check", () => {
  const readme = path.join(ROOT, "README.md");

  test("slugs headings as GitHub does", () => {
    expect([...anchorsOf("# Hello, World!\n## The web editor (`/admin/`)\n## Hello World\n## Hello World")]).toEqual([
      "hello-world",
      "the-web-editor-admin",
      "hello-world-1",
      "hello-world-2",
    ]);
  });

  test("finds a missing file, a missing anchor and a site path", () => {
    const markdown = [
      "[gone](docs/missing.md) [guide](CONTENT.md#no-such-heading) [self](#nor-here) [page](/intro/)",
      "[fine](CONTENT.md) [site](https://example.com/x) [mail](mailto:staff@example.com)",
    ].join("\n");
    expect(problemsIn(readme, markdown)).toEqual([
      "README.md:1: docs/missing.md: no such file",
      "README.md:1: CONTENT.md#no-such-heading: no heading in CONTENT.md has the anchor #no-such-heading",
      "README.md:1: #nor-here: no heading in README.md has the anchor #nor-here",
      "README.md:1: /intro/ is a path on the website, which GitHub resolves to github.com: write the full address",
    ]);
  });

  test("finds a script, a binary and a file that do not exist", () => {
    const markdown = [
      "Run `npm run no-such-script`, then `npx no-such-binary` and `node scripts/no-such-file.mjs`; see `src/no-such-folder/`.",
      "",
      "```sh",
      "npm install && npm run build && npx tsc --noEmit",
      "npm run missing:too -- --flag",
      "```",
    ].join("\n");
    expect(problemsIn(readme, markdown)).toEqual([
      'README.md:1: npm run no-such-script: package.json has no script "no-such-script"',
      "README.md:1: npx no-such-binary: no such binary in node_modules/.bin",
      "README.md:1: scripts/no-such-file.mjs does not exist",
      "README.md:1: src/no-such-folder/ does not exist",
      'README.md:3: npm run missing:too: package.json has no script "missing:too"',
    ]);
  });
});
