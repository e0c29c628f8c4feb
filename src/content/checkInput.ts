/**
 * What the content checks read: the content files as the build found them, and what else they check
 * against. Types only, so each rule file (rules.ts and the per-kind rules it calls) imports them
 * without importing rules.ts back.
 */

export interface JsonFile {
  file: string;
  data: unknown;
}

export interface MarkdownFile {
  file: string;
  frontmatter: unknown;
  body: string;
  /** The file's line on which the body starts (after the frontmatter); 1 if not known. */
  bodyLine?: number;
}

export interface RawContent {
  site: JsonFile;
  schedule: JsonFile;
  rates: JsonFile;
  policies: JsonFile;
  privacy: JsonFile;
  waiver: JsonFile;
  testimonials: JsonFile;
  announcements: MarkdownFile[];
  events: MarkdownFile[];
  programs: MarkdownFile[];
  pages: MarkdownFile[];
  coaches: MarkdownFile[];
  galleries: JsonFile[];
  intro: JsonFile;
  /** content/visit.json: what staff say of a first visit. */
  visit: JsonFile;
  /** content/wod: one workout of the day per file. */
  wods: MarkdownFile[];
}

export interface CheckOptions {
  /** True when `relativePath`, resolved against the folder of `file`, is an existing file. */
  fileExists(file: string, relativePath: string): boolean;
  /** Program pages declared in the route table: each needs a program file, and vice versa. */
  programRoutes: ReadonlyArray<{ path: string; programKey?: string }>;
  /** Markdown pages the site renders (file names in content/pages without .md). */
  requiredPages: readonly string[];
  /** Paths of the route table's pages, which an event's link may name ("/contact/"). */
  pagePaths: readonly string[];
  /**
   * The day (YYYY-MM-DD) the calendar files' time-zone rules are checked from, and that a review's
   * "member since" may not be after; today at the gym when not given.
   */
  today?: string;
  /** The instant "today at the gym" is taken from when `today` is not given: the build's (src/node/buildClock.ts). */
  now?: Date;
}
