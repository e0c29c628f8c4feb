import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { SiteInfo } from "../../../src/content/schemas";
import { eventSlug } from "../../../src/content/eventTimes";
import { announcementSlug } from "../../../src/content/slugs";

export const site = JSON.parse(fs.readFileSync("content/site.json", "utf8")) as SiteInfo;

/** The hour (0-23) an instant falls in on the gym's clock. */
export function gymHour(instant: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date(instant)));
}

/** The origin the build was made for (SITE_URL or site.json), as the pages' canonical URLs use it. */
export const origin = (process.env.SITE_URL ?? site.url).replace(/\/+$/, "");

export const urls = JSON.parse(fs.readFileSync("tests/fixtures/urls.json", "utf8")) as {
  pages: string[];
  files: string[];
  redirects: string[];
};

export interface AnnouncementFile {
  slug: string;
  title: string;
  summary: string;
  date: string;
  expires?: string;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** Each markdown file of a content folder: its name without ".md" and its frontmatter. */
function markdownFiles(dir: string): Array<{ name: string; data: Record<string, unknown> }> {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => ({ name: file.replace(/\.md$/, ""), data: matter(fs.readFileSync(path.join(dir, file), "utf8")).data }));
}

export function announcementFiles(): AnnouncementFile[] {
  return markdownFiles("content/announcements").map(({ name, data }) => {
    return {
      slug: announcementSlug(name),
      title: String(data.title),
      summary: String(data.summary),
      date: iso(data.date),
      expires: data.expires ? iso(data.expires) : undefined,
    };
  });
}

export interface EventFile {
  slug: string;
  title: string;
  summary: string;
  /** Wall-clock times at the gym, "2026-11-26 09:00". */
  start: string;
  end?: string;
  registerUrl?: string;
  /** When sign-up opens, the same way, when the event says. */
  signUpOpens?: string;
  /** An event away from the gym: its address on one line. */
  placeAddress?: string;
}

export function eventFiles(): EventFile[] {
  return markdownFiles("content/events").map(({ name, data }) => {
    return {
      slug: eventSlug(name),
      title: String(data.title),
      summary: String(data.summary),
      start: String(data.start),
      end: data.end ? String(data.end) : undefined,
      registerUrl: data.registerUrl ? String(data.registerUrl) : undefined,
      signUpOpens: data.signUpOpens ? String(data.signUpOpens) : undefined,
      placeAddress: data.placeAddress ? String(data.placeAddress) : undefined,
    };
  });
}

/**
 * The day at the gym the site was built on, as the build recorded it in the home page's context: what
 * it listed announcements by, whenever (and across whichever midnight) the tests run after it.
 */
export function buildToday(): string {
  const pageData = JSON.parse(fs.readFileSync("public/page-data/index/page-data.json", "utf8")) as {
    result: { pageContext: { today?: unknown } };
  };
  const today = pageData.result.pageContext.today;
  if (typeof today !== "string") throw new Error("public/page-data/index/page-data.json has no pageContext.today: build again");
  return today;
}

/** The day pages of the workouts a build on `today` publishes: those dated on or before it (file name = date). */
export function publishedWodPaths(today: string): string[] {
  return fs
    .readdirSync("content/wod")
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, 10))
    .filter((date) => date <= today)
    .map((date) => `/wod/${date}/`);
}
