import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import Parser from "rss-parser";
import { expect, test } from "@playwright/test";
import { FEED_PATH, routes } from "../../src/routes";
import { TITLE_MAX } from "../../src/seo/meta";
import { announcementFiles, origin, site, urls } from "../e2e/support/site";

/**
 * What each built page's HTML holds, read from public/ without a browser: titles, head tags and headings
 * are in the HTML the server sends (tests/e2e/pages.spec.ts opens every page for what needs one).
 */
const PUBLIC = path.resolve("public");

const documents = new Map<string, Document>();
/** The built page at a site path ("/about/", "/404.html"), parsed as a browser would; null if none was built. */
function builtPage(sitePath: string): Document | null {
  const file = path.join(PUBLIC, sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath);
  if (!documents.has(file)) {
    if (!fs.existsSync(file)) return null;
    documents.set(file, new JSDOM(fs.readFileSync(file, "utf8")).window.document);
  }
  return documents.get(file) ?? null;
}

/**
 * The site path of every page built as HTML that visitors read: not the web editor (/admin/), the staff
 * console (drawn in the browser), or the fragment Gatsby writes for its scripts.
 */
function readablePages(): string[] {
  return fs
    .readdirSync(PUBLIC, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => `/${path.relative(PUBLIC, path.join(entry.parentPath, entry.name))}`.replace(/index\.html$/, ""))
    .filter((sitePath) => !/^\/(admin|staff|_gatsby)\//.test(sitePath))
    .sort();
}

const attribute = (page: Document, selector: string, name: string) =>
  Array.from(page.querySelectorAll(selector), (el) => el.getAttribute(name));

test("every route of the route table: its exact title, one h1, English, and canonical, robots, description and keywords from the table", () => {
  for (const route of routes) {
    const page = builtPage(route.path);
    expect(page, `${route.path} was built`).not.toBeNull();
    if (!page) continue;
    expect(page.title, route.path).toBe(`${route.title} | ${site.name}`);
    expect(page.querySelectorAll("h1"), `${route.path}: one h1`).toHaveLength(1);
    expect(page.documentElement.getAttribute("lang"), route.path).toBe("en");
    expect(attribute(page, 'link[rel="canonical"]', "href"), route.path).toEqual([`${origin}${route.path}`]);
    expect(attribute(page, 'meta[name="robots"]', "content"), route.path).toEqual(["index, follow"]);
    expect(attribute(page, 'meta[name="description"]', "content"), route.path).toEqual([route.description]);
    expect(attribute(page, 'meta[name="keywords"]', "content"), route.path).toEqual([route.keywords.join(", ")]);
  }
});

test("every announcement has its own page with its own title and description", () => {
  const announcements = announcementFiles();
  expect(announcements.length).toBeGreaterThan(0);
  for (const announcement of announcements) {
    const sitePath = `/announcements/${announcement.slug}/`;
    const page = builtPage(sitePath);
    expect(page, `${sitePath} was built`).not.toBeNull();
    // The gym's name follows the title only where the whole fits a tab and a search result.
    const full = `${announcement.title} | ${site.name}`;
    expect(page?.title, sitePath).toBe(full.length <= TITLE_MAX ? full : announcement.title);
    expect(page && attribute(page, 'meta[name="description"]', "content"), sitePath).toEqual([announcement.summary]);
  }
});

/** Screen-reader users move by headings: one h1 per page, and no level skipped on the way down. */
test("every page's headings descend one level at a time from one h1", () => {
  const pages = readablePages();
  // The not-found page is served from /404.html.
  expect(pages).toEqual(expect.arrayContaining([...urls.pages, "/404.html"]));
  for (const sitePath of pages) {
    const levels = Array.from((builtPage(sitePath) as Document).querySelectorAll("h1, h2, h3, h4, h5, h6"))
      .filter((heading) => !heading.closest("[hidden]"))
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0], sitePath).toBe(1);
    expect(
      levels.filter((level) => level === 1),
      sitePath,
    ).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] as number), `${sitePath}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1);
    });
  }
});

test("the news feed parses, each item is a built page on the site, and every page's head and the announcements page link it", async () => {
  const feed = await new Parser().parseString(fs.readFileSync(path.join(PUBLIC, FEED_PATH), "utf8"));
  expect(feed.link).toBe(`${origin}/`);
  expect(feed.items.length, "items in the feed").toBeGreaterThan(0);
  for (const item of feed.items) {
    const url = new URL(item.link ?? "");
    expect(url.origin, item.link).toBe(origin);
    expect(builtPage(url.pathname), `${item.link} is a built page`).not.toBeNull();
    expect(item.contentSnippet?.length, `${item.link} has its summary`).toBeGreaterThan(0);
  }
  for (const sitePath of readablePages()) {
    const page = builtPage(sitePath);
    // The static redirect pages of old addresses only send the visitor on.
    if (!page || page.querySelector('meta[http-equiv="refresh"]')) continue;
    expect(attribute(page, 'link[rel="alternate"][type="application/rss+xml"]', "href"), sitePath).toEqual([FEED_PATH]);
  }
  expect(attribute(builtPage("/announcements/")!, "main a", "href")).toContain(FEED_PATH);
});
