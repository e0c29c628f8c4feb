import ICAL from "ical.js";
import { buildEventCalendar, type EventCalendarInput } from "../../src/schedule/ics";

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
