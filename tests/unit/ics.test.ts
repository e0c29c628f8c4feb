import fs from "node:fs";
import ICAL from "ical.js";
import { minutes } from "../../src/content/dates";
import { buildCalendar, escapeText, firstOnOrAfter, foldLine } from "../../src/schedule/ics";
import { scheduleSchema, siteSchema } from "../../src/content/schemas";

const schedule = scheduleSchema.parse(JSON.parse(fs.readFileSync("content/schedule.json", "utf8")));
const site = siteSchema.parse(JSON.parse(fs.readFileSync("content/site.json", "utf8")));

function calendar(slots = schedule.slots) {
  return buildCalendar({
    name: "CrossFit Graham: all classes",
    slots,
    programTitles: { crossfit: "CrossFit Group Classes", kids: "CrossFit Kids", foundations: "Foundations" },
    location: "CrossFit Graham, 10615 224th St E, Graham, WA 98338",
    url: "https://gym.example/schedule/",
    uidDomain: "gym.example",
    now: new Date("2026-11-22T04:30:00Z"),
    today: "2026-11-21",
  });
}

describe("iCalendar files", () => {
  test("parse with an iCalendar parser, one weekly event per class", () => {
    const component = new ICAL.Component(ICAL.parse(calendar()));
    const events = component.getAllSubcomponents("vevent");
    expect(events).toHaveLength(schedule.slots.length);
    for (const vevent of events) {
      expect(vevent.getFirstPropertyValue("rrule")?.toString()).toMatch(/^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA)$/);
    }
  });

  test("every occurrence falls inside gym hours in Graham's time zone, across daylight-saving changes", () => {
    const component = new ICAL.Component(ICAL.parse(calendar()));
    const timezone = new ICAL.Timezone(component.getFirstSubcomponent("vtimezone") as ICAL.Component);
    const hoursByDay = new Map(site.hours.flatMap((h) => h.days.map((day) => [day, h] as const)));
    const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    for (const vevent of component.getAllSubcomponents("vevent")) {
      const event = new ICAL.Event(vevent);
      const iterator = event.iterator();
      // A year of occurrences covers both DST changes.
      for (let i = 0; i < 53; i++) {
        const next = iterator.next();
        if (!next) break;
        const start = next.convertToZone(timezone);
        const end = event.getOccurrenceDetails(next).endDate.convertToZone(timezone);
        const hours = hoursByDay.get(dayNames[start.dayOfWeek() - 1] as (typeof site.hours)[number]["days"][number]);
        expect(hours).toBeDefined();
        if (!hours) continue;
        const startMinutes = start.hour * 60 + start.minute;
        const endMinutes = end.hour * 60 + end.minute;
        expect(startMinutes).toBeGreaterThanOrEqual(minutes(hours.opens));
        expect(endMinutes).toBeLessThanOrEqual(minutes(hours.closes));
      }
      // The wall-clock time stays the same in summer and winter: the UTC offset changes instead.
      const first = event.startDate;
      expect(first.zone?.tzid).toBe("America/Los_Angeles");
    }
  });

  test("the same class keeps the same UID, so re-importing updates it", () => {
    expect(calendar()).toContain("UID:crossfit-mo-0500@gym.example");
  });

  test("lines are folded at 75 octets and end in CRLF", () => {
    const text = calendar();
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(foldLine("X".repeat(80))).toBe(`${"X".repeat(75)}\r\n ${"X".repeat(5)}`);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  test("text is escaped", () => {
    expect(escapeText("Graham, WA; 1\\2\nnext")).toBe("Graham\\, WA\\; 1\\\\2\\nnext");
  });

  test("first occurrence is on or after the given date", () => {
    expect(firstOnOrAfter("2026-11-21", "Saturday")).toBe("2026-11-21");
    expect(firstOnOrAfter("2026-11-21", "Monday")).toBe("2026-11-23");
    expect(firstOnOrAfter("2026-11-21", "Friday")).toBe("2026-11-27");
  });
});
