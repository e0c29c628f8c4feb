import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import yaml from "js-yaml";
import type { JsonFile, MarkdownFile, RawContent } from "../content/checkInput";

/**
 * Reads content/ (or another folder, for the tests' fixtures) into plain objects for the
 * content checks. A file that cannot be read or parsed becomes a `problem` naming it, never a crash.
 */

// Gatsby compiles gatsby-node into .cache/, so __dirname is no guide; every command runs from the root.
export const PROJECT_ROOT = process.cwd();

export function contentDir(): string {
  // One place for content: the pages, the checks and the form functions (which bundle
  // content/*.json) all read this folder. Tests build from fixtures in a scratch copy of the project.
  return path.resolve(PROJECT_ROOT, "content");
}

/**
 * YAML's own date type turns 2026-02-30 into March 2 without a word, so frontmatter is read with the
 * core schema: dates stay text and the content checks judge them.
 */
const FRONTMATTER = {
  engines: { yaml: (source: string) => (yaml.safeLoad(source, { schema: yaml.CORE_SCHEMA }) ?? {}) as object },
};

export interface ReadResult {
  raw: RawContent;
  problems: Array<{ file: string; message: string }>;
}

export function readContent(dir = contentDir()): ReadResult {
  const problems: ReadResult["problems"] = [];
  // Files are named from the project root ("content/rates.json"), or in full when outside it.
  const label = (absolute: string) => {
    const relative = path.relative(PROJECT_ROOT, absolute);
    return (relative.startsWith("..") ? absolute : relative).split(path.sep).join("/");
  };

  const readJson = (absolute: string): JsonFile => {
    const file = label(absolute);
    try {
      return { file, data: JSON.parse(fs.readFileSync(absolute, "utf8")) as unknown };
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "is missing" : `is not valid JSON (${(error as Error).message})`;
      problems.push({ file, message: reason });
      return { file, data: undefined };
    }
  };

  const readMarkdownFolder = (folder: string): MarkdownFile[] => {
    const absolute = path.join(dir, folder);
    if (!fs.existsSync(absolute)) return [];
    return fs
      .readdirSync(absolute)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => {
        const file = label(path.join(absolute, name));
        try {
          const source = fs.readFileSync(path.join(absolute, name), "utf8");
          const parsed = matter(source, FRONTMATTER);
          const bodyLine = source.slice(0, source.length - parsed.content.length).split("\n").length;
          return { file, frontmatter: parsed.data, body: parsed.content, bodyLine };
        } catch (error) {
          problems.push({ file, message: `has a frontmatter error (${(error as Error).message.split("\n")[0]})` });
          return { file, frontmatter: undefined, body: "" };
        }
      });
  };

  const galleriesDir = path.join(dir, "galleries");
  const galleries = fs.existsSync(galleriesDir)
    ? fs
        .readdirSync(galleriesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
        .map((name) => readJson(path.join(galleriesDir, name, "gallery.json")))
    : [];

  return {
    raw: {
      site: readJson(path.join(dir, "site.json")),
      schedule: readJson(path.join(dir, "schedule.json")),
      rates: readJson(path.join(dir, "rates.json")),
      policies: readJson(path.join(dir, "policies.json")),
      privacy: readJson(path.join(dir, "privacy.json")),
      waiver: readJson(path.join(dir, "waiver.json")),
      testimonials: readJson(path.join(dir, "testimonials.json")),
      announcements: readMarkdownFolder("announcements"),
      events: readMarkdownFolder("events"),
      programs: readMarkdownFolder("programs"),
      pages: readMarkdownFolder("pages"),
      coaches: readMarkdownFolder("coaches"),
      galleries,
      intro: readJson(path.join(dir, "intro.json")),
      visit: readJson(path.join(dir, "visit.json")),
      wods: readMarkdownFolder("wod"),
    },
    problems,
  };
}

export function fileExistsFrom(file: string, relativePath: string): boolean {
  const absolute = path.resolve(PROJECT_ROOT, path.dirname(file), relativePath);
  return fs.existsSync(absolute) && fs.statSync(absolute).isFile();
}
