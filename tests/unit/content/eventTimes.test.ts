import { eventSlug, eventWhen, hasPassed, priceText, upcomingEvents } from "../../../src/content/eventTimes";

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
