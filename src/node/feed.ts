import fs from "node:fs";
import path from "node:path";
import { Feed } from "feed";
import { listedAnnouncements } from "../content/announcements";
import { upcomingEvents } from "../content/eventTimes";
import type { ValidContent } from "../content/rules";
import { announcementPath, eventPath, FEED_PATH, feedTitle } from "../routes";
import { zonedToday } from "../time/today";
import { startOfZonedDay, zonedIso } from "../time/wallClock";
import { buildNow } from "./buildClock";
import { siteUrl } from "./siteUrl";

/**
 * The site's news feed, RSS 2.0 (the `feed` package writes and escapes it): the upcoming events, soonest
 * first, then the announcements the announcements page lists, newest first. Each item links to its page
 * on the canonical site with its summary, so a reader, or a service that turns a feed into the gym's
 * newsletter, needs nothing else. An announcement is dated at the start of its day at the gym; an event
 * at its start.
 */
export function buildFeed(content: ValidContent, origin: string, now: Date): string {
  const { site } = content;
  const today = zonedToday(now).date;
  const feed = new Feed({
    title: feedTitle(site.name),
    description: site.tagline,
    id: `${origin}/`,
    link: `${origin}/`,
    language: "en",
    copyright: site.name,
    updated: now,
    generator: site.name,
    feedLinks: { rss: `${origin}${FEED_PATH}` },
  });
  const events = upcomingEvents(
    content.events.map((event) => ({ slug: event.slug, start: event.data.start, end: event.data.end, data: event.data })),
    today,
  ).map((event) => ({ path: eventPath(event.slug), ...event.data, date: new Date(zonedIso(event.data.start)) }));
  const announcements = listedAnnouncements(
    content.announcements.map((entry) => ({ slug: entry.slug, date: entry.data.date, expires: entry.data.expires, data: entry.data })),
    today,
  ).map((entry) => ({ path: announcementPath(entry.slug), ...entry.data, date: new Date(startOfZonedDay(entry.date)) }));
  for (const item of [...events, ...announcements]) {
    const link = `${origin}${item.path}`;
    feed.addItem({ title: item.title, id: link, link, description: item.summary, date: item.date });
  }
  return feed.rss2();
}

/** public/rss.xml, from the checked content at the build's time. */
export function writeFeed(publicDir: string, content: ValidContent, now = buildNow()): string {
  const file = path.join(publicDir, FEED_PATH);
  fs.writeFileSync(file, buildFeed(content, siteUrl(), now));
  return file;
}
