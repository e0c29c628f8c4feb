import fs from "node:fs";
import path from "node:path";
import { placeLine } from "../content/contact";
import type { ValidContent } from "../content/rules";
import { eventCalendarPath, eventPath, pathTo } from "../routes";
import { buildCalendar, buildEventCalendar } from "../schedule/ics";
import { calendarPath } from "../schedule/week";
import { zonedToday } from "../time/today";
import { buildNow } from "./buildClock";
import { siteUrl } from "./siteUrl";

/** /schedule/all.ics and /schedule/{program}.ics, written next to the built schedule page. */
export function writeCalendars(publicDir: string, content: ValidContent, now = buildNow()): string[] {
  const { site, schedule, programs } = content;
  const origin = siteUrl();
  const programTitles = Object.fromEntries(programs.map((program) => [program.data.key, program.data.title]));
  const shared = {
    programTitles,
    location: placeLine(site),
    url: `${origin}${pathTo("schedule")}`,
    uidDomain: new URL(origin).hostname,
    now,
    today: zonedToday(now).date,
    organizer: { name: site.name, email: site.email },
  };
  const calendars = [
    { key: "all", name: `${site.name}: all classes`, slots: schedule.slots },
    ...programs.map((program) => ({
      key: program.data.key,
      name: `${site.name}: ${program.data.title}`,
      slots: schedule.slots.filter((slot) => slot.program === program.data.key),
    })),
  ];
  return calendars.map(({ key, name, slots }) => {
    const file = path.join(publicDir, calendarPath(key));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, buildCalendar({ ...shared, name, slots }));
    return file;
  });
}

/** /events/{slug}.ics for every event, past ones too (their pages stay): each next to its page. */
export function writeEventCalendars(publicDir: string, content: ValidContent, now = buildNow()): string[] {
  const { site, events } = content;
  const origin = siteUrl();
  return events.map(({ slug, data }) => {
    const file = path.join(publicDir, eventCalendarPath(slug));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const location = data.place && data.placeAddress ? `${data.place}, ${data.placeAddress}` : placeLine(site);
    fs.writeFileSync(
      file,
      buildEventCalendar({
        slug,
        uidDomain: new URL(origin).hostname,
        title: data.title,
        summary: data.summary,
        start: data.start,
        end: data.end,
        location,
        url: `${origin}${eventPath(slug)}`,
        now,
        organizer: { name: site.name, email: site.email },
      }),
    );
    return file;
  });
}
