import { compareText } from "./dates";

/** Which announcements the list shows, newest first. Pure. */

export interface AnnouncementEntry {
  slug: string;
  date: string;
  expires?: string;
}

/** Listed until its `expires` date: on that day (in the gym's time zone) it leaves the list. */
export function isListed(entry: AnnouncementEntry, today: string): boolean {
  return entry.expires === undefined || today < entry.expires;
}

export function listedAnnouncements<T extends AnnouncementEntry>(entries: readonly T[], today: string): T[] {
  return entries
    .filter((entry) => isListed(entry, today))
    .sort((a, b) => (a.date === b.date ? compareText(a.slug, b.slug) : compareText(b.date, a.date)));
}
