import { eventSlug, eventWhen, hasPassed, priceText, upcomingEvents } from "../../src/content/eventTimes";
import { zonedIso } from "../../src/schedule/timeZones";

describe("which events are still to come", () => {
  const events = [
    { slug: "open", start: "2027-02-26 16:00", end: "2027-02-26 19:00" },
    { slug: "turkey-burner", start: "2026-11-26 09:00", end: "2026-11-26 10:00" },
    { slug: "challenge", start: "2026-11-02 05:00", end: "2026-11-27 19:00" },
    { slug: "throwdown", start: "2026-10-24 09:00", end: null },
    { slug: "a-same-time", start: "2027-02-26 16:00" },
  ];

  test("an event is listed through the whole of its last day at the gym, and gone the day after", () => {
    expect(hasPassed(events[1]!, "2026-11-26")).toBe(false);
    expect(hasPassed(events[1]!, "2026-11-27")).toBe(true);
    // Without an end, its start's day is its last.
    expect(hasPassed(events[3]!, "2026-10-24")).toBe(false);
    expect(hasPassed(events[3]!, "2026-10-25")).toBe(true);
  });

  test("a running challenge stays listed until its end date, soonest start first", () => {
    expect(upcomingEvents(events, "2026-11-26").map((event) => event.slug)).toEqual(["challenge", "turkey-burner", "a-same-time", "open"]);
    expect(upcomingEvents(events, "2026-11-28").map((event) => event.slug)).toEqual(["a-same-time", "open"]);
    expect(upcomingEvents(events, "2027-02-27")).toEqual([]);
  });
});

describe("how an event reads", () => {
  test("one day, or across days", () => {
    expect(eventWhen({ start: "2026-11-26 09:00", end: "2026-11-26 10:00" })).toBe("Thursday, November 26, 2026, 9:00 AM – 10:00 AM");
    expect(eventWhen({ start: "2027-01-18 05:00", end: "2027-02-12 19:00" })).toBe(
      "Monday, January 18, 2027, 5:00 AM – Friday, February 12, 2027, 7:00 PM",
    );
    expect(eventWhen({ start: "2027-02-26 16:00" })).toBe("Friday, February 26, 2027, 4:00 PM");
  });

  test("a price of 0 is Free", () => {
    expect(priceText(0)).toBe("Free");
    expect(priceText(20)).toBe("$20");
    expect(priceText(12.5)).toBe("$12.50");
  });

  test("the file name is the address", () => {
    expect(eventSlug("CrossFit Open 2027")).toBe("crossfit-open-2027");
  });
});

describe("zonedIso: the gym's wall-clock time with that day's UTC offset", () => {
  test("standard and daylight time in Graham", () => {
    expect(zonedIso("2026-11-26 09:00", "America/Los_Angeles")).toBe("2026-11-26T09:00:00-08:00");
    expect(zonedIso("2026-07-04 18:30", "America/Los_Angeles")).toBe("2026-07-04T18:30:00-07:00");
  });

  test("the same wall clock in another zone, whatever zone the build machine runs in", () => {
    expect(zonedIso("2026-11-26 09:00", "Asia/Kolkata")).toBe("2026-11-26T09:00:00+05:30");
    expect(zonedIso("2026-11-26 09:00", "UTC")).toBe("2026-11-26T09:00:00+00:00");
  });

  test("a time the spring-forward skips moves on by the gap", () => {
    expect(zonedIso("2027-03-14 02:30", "America/Los_Angeles")).toBe("2027-03-14T03:30:00-07:00");
  });
});
