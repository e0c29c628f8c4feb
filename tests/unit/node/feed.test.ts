import path from "node:path";
import Parser from "rss-parser";
import { loadCheckedContent } from "../../../src/node/contentChecks";
import { buildFeed } from "../../../src/node/feed";
import type { ValidContent } from "../../../src/content/rules";

/**
 * The news feed, read back with rss-parser (a feed reader's parser, not the library that writes it): the
 * small fixture site with two events and an expired announcement added, on a fixed day.
 */
const ORIGIN = "https://gym.example";
// 20:00 UTC on 25 November 2026: noon of that day at the gym (America/Los_Angeles).
const NOW = new Date("2026-11-25T20:00:00Z");

function fixture(): ValidContent {
  const { content, lines } = loadCheckedContent(path.join(__dirname, "../../fixtures/small-content"));
  if (!content) throw new Error(lines.join("\n"));
  const event = (slug: string, start: string, title: string) => ({
    file: `events/${slug}.md`,
    slug,
    data: { title, start, price: 0, summary: `${title}: a summary & more.` },
  });
  return {
    ...content,
    events: [
      event("summer-bash-2026", "2026-07-04 09:00", "Summer bash"),
      event("turkey-burner-2026", "2026-11-26 09:00", "Turkey burner"),
      event("open-2027", "2027-02-26 16:00", "The Open"),
    ],
    announcements: [
      ...content.announcements,
      {
        file: "announcements/2026-10-01-old.md",
        slug: "2026-10-01-old",
        data: { title: "Old news", date: "2026-10-01", summary: "Gone.", expires: "2026-11-01" },
      },
    ],
  };
}

describe("the news feed", () => {
  it("lists the upcoming events soonest first, then the listed announcements, each linking to its page", async () => {
    const xml = buildFeed(fixture(), ORIGIN, NOW);
    const feed = await new Parser().parseString(xml);
    expect(feed.title).toBe("CrossFit Graham: news and events");
    expect(feed.link).toBe(`${ORIGIN}/`);
    expect(feed.items.map((item) => item.title)).toEqual(["Turkey burner", "The Open", "Open house"]);
    expect(feed.items.map((item) => item.link)).toEqual([
      `${ORIGIN}/events/turkey-burner-2026/`,
      `${ORIGIN}/events/open-2027/`,
      `${ORIGIN}/announcements/open-house/`,
    ]);
    // The summary, escaped as XML needs and read back as written.
    expect(feed.items[0]?.content).toBe("Turkey burner: a summary & more.");
    for (const item of feed.items) expect(item.guid).toBe(item.link);
    // The event at its start at the gym; the announcement at the start of its day there.
    expect(new Date(feed.items[0]!.isoDate!).toISOString()).toBe("2026-11-26T17:00:00.000Z");
    expect(new Date(feed.items[2]!.isoDate!).toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(xml).toContain(`<atom:link href="${ORIGIN}/rss.xml" rel="self" type="application/rss+xml"/>`);
  });
});
