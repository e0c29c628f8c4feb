import fs from "node:fs";
import ICAL from "ical.js";
import { minutes } from "../../../src/content/dates";
import { buildAppointment, buildCalendar, buildEventCalendar, type EventCalendarInput, firstOnOrAfter } from "../../../src/schedule/ics";
import { scheduleSchema, siteSchema } from "../../../src/content/schemas";
import type { Slot } from "../../../src/schedule/week";

const schedule = scheduleSchema.parse(JSON.parse(fs.readFileSync("content/schedule.json", "utf8")));
const site = siteSchema.parse(JSON.parse(fs.readFileSync("content/site.json", "utf8")));

function calendar(slots: readonly Slot[] = schedule.slots, timeZone = site.timeZone, today = "2026-11-21") {
  return buildCalendar({
    name: "CrossFit Graham: all classes",
    slots,
    timeZone,
    programTitles: { crossfit: "CrossFit Group Classes", kids: "CrossFit Kids", foundations: "Foundations" },
    location: "CrossFit Graham, 10615 224th St E, Graham, WA 98338",
    url: "https://gym.example/schedule/",
    uidDomain: "gym.example",
    now: new Date("2026-11-22T04:30:00Z"),
    today,
    organizer: { name: "CrossFit Graham", email: "coach@gym.example" },
  });
}

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

/** The zone's offset from UTC at `instant` in minutes, as Intl (the zone database) knows it. */
function intlOffset(timeZone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? "");
  if (!match) throw new Error(`unexpected offset ${name}`);
  return match[1] ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The UTC instants of the first `count` occurrences of the calendar's only event. */
function occurrences(text: string, count: number): Date[] {
  const event = new ICAL.Event(parse(text).getFirstSubcomponent("vevent") as ICAL.Component);
  const iterator = event.iterator();
  const out: Date[] = [];
  for (let next = iterator.next(); next && out.length < count; next = iterator.next()) out.push(next.toJSDate());
  return out;
}

describe("iCalendar files", () => {
  test("published (METHOD:PUBLISH) with the gym as every class's ORGANIZER, as RFC 5546 requires", () => {
    const parsed = parse(calendar());
    expect(parsed.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = parsed.getAllSubcomponents("vevent");
    expect(events).toHaveLength(schedule.slots.length);
    for (const event of events) {
      const organizer = event.getFirstProperty("organizer");
      expect(organizer?.getFirstValue()).toBe("mailto:coach@gym.example");
      expect(organizer?.getParameter("cn")).toBe("CrossFit Graham");
    }
  });

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
      expect(first.zone?.tzid).toBe(site.timeZone);
    }
  });

  test("the calendar carries the content zone's VTIMEZONE, with the zone's real offsets in winter and summer", () => {
    const component = parse(calendar());
    const vtimezones = component.getAllSubcomponents("vtimezone");
    expect(vtimezones).toHaveLength(1);
    const timezone = new ICAL.Timezone(vtimezones[0] as ICAL.Component);
    expect(timezone.tzid).toBe(site.timeZone);
    for (const instant of [new Date("2027-01-15T20:00:00Z"), new Date("2027-07-15T20:00:00Z")]) {
      const utc = ICAL.Time.fromJSDate(instant, true);
      expect(timezone.utcOffset(utc) / 60).toBe(intlOffset(site.timeZone, instant));
    }
  });

  test("a gym in another zone: a 9:00 class in New York is 14:00 UTC in winter and 13:00 UTC in summer", () => {
    const monday: Slot = { day: "Monday", start: "09:00", end: "10:00", program: "crossfit" };
    const text = calendar([monday], "America/New_York");
    expect(parse(text).getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/New_York");
    expect(text).toContain("DTSTART;TZID=America/New_York:20261123T090000");
    const starts = occurrences(text, 40).map((date) => date.toISOString());
    expect(starts[0]).toBe("2026-11-23T14:00:00.000Z");
    expect(starts).toContain("2027-03-08T14:00:00.000Z"); // clocks spring forward on Sunday 2027-03-14
    expect(starts).toContain("2027-03-15T13:00:00.000Z");
    expect(starts).toContain("2027-06-14T13:00:00.000Z");
  });

  test("a class at an hour the spring-forward skips starts a week later, at its own wall-clock time", () => {
    // 02:30 does not exist in New York on Sunday 2027-03-14.
    const early: Slot = { day: "Sunday", start: "02:30", end: "03:30", program: "crossfit" };
    const text = calendar([early], "America/New_York", "2027-03-10");
    expect(text).toContain("DTSTART;TZID=America/New_York:20270321T023000");
    expect(occurrences(text, 1)[0]?.toISOString()).toBe("2027-03-21T06:30:00.000Z");
  });

  test("the output depends only on its input, not on the build machine's clock or zone", () => {
    const text = calendar();
    const zone = process.env.TZ;
    try {
      for (const machineZone of ["Asia/Tokyo", "America/New_York", "UTC"]) {
        process.env.TZ = machineZone;
        expect(calendar()).toBe(text);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(text).toMatch(/^DTSTAMP:20261122T043000Z\r$/m);
    expect(text).not.toMatch(/^DTSTAMP:\d{8}T\d{6}\r$/m);
  });

  test("the same class keeps the same UID, so re-importing updates it", () => {
    expect(calendar()).toContain("UID:crossfit-mo-0500@gym.example");
  });

  test("lines are folded at 75 octets and end in CRLF", () => {
    const text = calendar(schedule.slots.map((slot) => ({ ...slot, coach: "Coach ".repeat(20) })));
    expect(text).toMatch(/\r\n /);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  test("text is escaped", () => {
    const event = parse(calendar()).getFirstSubcomponent("vevent");
    expect(event?.getFirstPropertyValue("location")).toBe("CrossFit Graham, 10615 224th St E, Graham, WA 98338");
    expect(calendar()).toContain("LOCATION:CrossFit Graham\\, 10615 224th St E\\, Graham\\, WA 98338");
  });

  test("an appointment is one event at exact instants, in UTC", () => {
    const text = buildAppointment({
      reference: "ABC123",
      uidDomain: "gym.example",
      start: new Date("2026-11-23T17:00:00Z"),
      end: new Date("2026-11-23T17:30:00Z"),
      summary: "Free intro at the gym",
      description: "With coach Dana; bring water, shoes.",
      location: "Graham, WA",
      url: "https://gym.example/",
      now: new Date("2026-11-22T04:30:00Z"),
    });
    const event = new ICAL.Event(parse(text).getFirstSubcomponent("vevent") as ICAL.Component);
    expect(event.uid).toBe("abc123@gym.example");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-11-23T17:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-11-23T17:30:00.000Z");
    expect(event.description).toBe("With coach Dana; bring water, shoes.");
    expect(text).not.toContain("VTIMEZONE");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  test("first occurrence is on or after the given date", () => {
    expect(firstOnOrAfter("2026-11-21", "Saturday")).toBe("2026-11-21");
    expect(firstOnOrAfter("2026-11-21", "Monday")).toBe("2026-11-23");
    expect(firstOnOrAfter("2026-11-21", "Friday")).toBe("2026-11-27");
  });
});

const input: EventCalendarInput = {
  slug: "turkey-burner-2026",
  uidDomain: "gym.example",
  title: "Turkey Burner",
  summary: "One partner workout for every level.",
  start: "2026-11-26 09:00",
  end: "2026-11-26 10:00",
  timeZone: "America/Los_Angeles",
  location: "CrossFit Graham, 10615 224th St E, Graham, WA 98338",
  url: "https://gym.example/events/turkey-burner-2026/",
  now: new Date("2026-11-22T04:30:00Z"),
  organizer: { name: "CrossFit Graham", email: "coach@gym.example" },
};

function onlyEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents("vevent");
  expect(vevents).toHaveLength(1);
  return { calendar, event: new ICAL.Event(vevents[0]) };
}

describe("an event's calendar file", () => {
  test("published (METHOD:PUBLISH) with the gym as its event's ORGANIZER, as RFC 5546 requires", () => {
    const { calendar, event } = onlyEvent(buildEventCalendar(input));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const organizer = event.component.getFirstProperty("organizer");
    expect(organizer?.getFirstValue()).toBe("mailto:coach@gym.example");
    expect(organizer?.getParameter("cn")).toBe("CrossFit Graham");
  });

  test("the gym's wall-clock times in its zone, with that zone's VTIMEZONE, at the right instants", () => {
    const text = buildEventCalendar(input);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const { calendar, event } = onlyEvent(text);
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/Los_Angeles");
    expect(event.startDate.zone?.tzid).toBe("America/Los_Angeles");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-11-26T17:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(event.uid).toBe("event-turkey-burner-2026@gym.example");
    expect(event.summary).toBe("Turkey Burner");
    expect(event.location).toBe(input.location);
  });

  test("the same in summer time, whatever zone the build machine is in", () => {
    const { event } = onlyEvent(buildEventCalendar({ ...input, start: "2027-07-04 18:30", end: "2027-07-05 01:00" }));
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-07-05T01:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-07-05T08:00:00.000Z");
  });

  test("without an end, no DTEND: the file does not invent a length", () => {
    const text = buildEventCalendar({ ...input, end: null });
    expect(text).not.toContain("DTEND");
    expect(text).toContain("DTSTART;TZID=America/Los_Angeles:20261126T090000");
  });

  test("an event over several days (a challenge) does not mark the member busy; a one-day event does", () => {
    const challenge = buildEventCalendar({ ...input, start: "2027-01-18 05:00", end: "2027-02-12 19:00" });
    expect(challenge).toContain("TRANSP:TRANSPARENT");
    expect(buildEventCalendar(input)).not.toContain("TRANSP:TRANSPARENT");
  });
});
