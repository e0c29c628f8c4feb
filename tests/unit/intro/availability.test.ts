import type { Availability } from "../../../src/intro/availability";
import { expandSlots, openSlots } from "../../../src/intro/availability";
import { slotsByDay } from "../../../src/intro/display";

const ZONE = "America/Los_Angeles";

/**
 * One coach, a 10:00-11:00 window every day, no notice, a week ahead: the rules one at a time. Most
 * tests start at 04:00 at the gym with a one-day horizon, so only that day's two slots are in range.
 */
function availability(changes: Partial<Availability> = {}): Availability {
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
  return {
    slotMinutes: 30,
    horizonDays: 7,
    noticeHours: 0,
    coaches: [{ name: "Dana", windows: days.map((day) => ({ day, from: "10:00", to: "11:00" })) }],
    blackouts: [],
    ...changes,
  };
}

const starts = (slots: ReadonlyArray<{ start: string }>) => slots.map((slot) => slot.start);

describe("free-intro availability", () => {
  test("a window becomes back-to-back slots with their ends", () => {
    const slots = expandSlots(availability({ horizonDays: 1 }), new Date("2026-06-01T07:00:00Z"), ZONE);
    expect(slots).toEqual([
      { start: "2026-06-01T17:00:00.000Z", end: "2026-06-01T17:30:00.000Z", coach: "Dana" },
      { start: "2026-06-01T17:30:00.000Z", end: "2026-06-01T18:00:00.000Z", coach: "Dana" },
    ]);
  });

  test("March: 10:00 is 18:00 UTC before the change to daylight time and 17:00 UTC from that Sunday on", () => {
    const slots = expandSlots(availability({ horizonDays: 4 }), new Date("2026-03-06T12:00:00Z"), ZONE);
    const tenOClock = slots.filter((_, index) => index % 2 === 0);
    expect(starts(tenOClock)).toEqual([
      "2026-03-06T18:00:00.000Z", // Friday, PST
      "2026-03-07T18:00:00.000Z", // Saturday, PST
      "2026-03-08T17:00:00.000Z", // Sunday 8 March 2026: clocks went forward at 02:00
      "2026-03-09T17:00:00.000Z", // Monday, PDT
    ]);
  });

  test("November: 10:00 is 17:00 UTC before the change back to standard time and 18:00 UTC from that Sunday on", () => {
    const slots = expandSlots(availability({ horizonDays: 4 }), new Date("2026-10-30T12:00:00Z"), ZONE);
    const tenOClock = slots.filter((_, index) => index % 2 === 0);
    expect(starts(tenOClock)).toEqual([
      "2026-10-30T17:00:00.000Z", // Friday, PDT
      "2026-10-31T17:00:00.000Z", // Saturday, PDT
      "2026-11-01T18:00:00.000Z", // Sunday 1 November 2026: clocks went back at 02:00
      "2026-11-02T18:00:00.000Z", // Monday, PST
    ]);
  });

  test("a slot that spans the hour that repeats in November keeps its wall-clock length", () => {
    const early = availability({
      horizonDays: 1,
      coaches: [{ name: "Dana", windows: [{ day: "Sunday", from: "01:00", to: "02:00" }] }],
    });
    const slots = expandSlots(early, new Date("2026-10-31T12:00:00Z"), ZONE);
    // 01:30 happens twice that night; the library takes the first (daylight) one.
    expect(slots.map((slot) => [slot.start, slot.end])).toEqual([
      ["2026-11-01T08:00:00.000Z", "2026-11-01T08:30:00.000Z"],
      ["2026-11-01T08:30:00.000Z", "2026-11-01T10:00:00.000Z"],
    ]);
  });

  test("a blackout day removes every coach's slots that day, and only that day", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const all = expandSlots(availability({ horizonDays: 5 }), now, ZONE);
    const closed = expandSlots(availability({ horizonDays: 5, blackouts: [{ date: "2026-11-26", reason: "Thanksgiving" }] }), now, ZONE);
    expect(all.filter((slot) => slot.start.startsWith("2026-11-26"))).toHaveLength(2);
    expect(closed.filter((slot) => slot.start.startsWith("2026-11-26"))).toHaveLength(0);
    expect(closed).toHaveLength(all.length - 2);
  });

  test("a blackout for one coach leaves the others' slots", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const two = availability({
      horizonDays: 1,
      coaches: [
        { name: "Dana", windows: [{ day: "Monday", from: "10:00", to: "10:30" }] },
        { name: "Marcus", windows: [{ day: "Monday", from: "10:00", to: "10:30" }] },
      ],
      blackouts: [{ date: "2026-11-23", reason: "Competition", coach: "Dana" }],
    });
    expect(expandSlots(two, now, ZONE)).toEqual([{ start: "2026-11-23T18:00:00.000Z", end: "2026-11-23T18:30:00.000Z", coach: "Marcus" }]);
  });

  test("the minimum notice removes slots that start too soon", () => {
    const now = new Date("2026-11-23T17:10:00Z"); // 09:10 at the gym
    expect(starts(expandSlots(availability({ horizonDays: 1, noticeHours: 0 }), now, ZONE))).toEqual([
      "2026-11-23T18:00:00.000Z",
      "2026-11-23T18:30:00.000Z",
    ]);
    expect(starts(expandSlots(availability({ horizonDays: 1, noticeHours: 1 }), now, ZONE))).toEqual(["2026-11-23T18:30:00.000Z"]);
  });

  test("a slot that has started is never offered", () => {
    const now = new Date("2026-11-23T18:00:01Z");
    // (and the next day's 10:00, exactly one day minus a second away, is inside the horizon)
    expect(starts(expandSlots(availability({ horizonDays: 1 }), now, ZONE))).toEqual([
      "2026-11-23T18:30:00.000Z",
      "2026-11-24T18:00:00.000Z",
    ]);
  });

  test("the horizon ends exactly horizonDays after now", () => {
    const now = new Date("2026-11-23T18:00:00Z");
    const slots = expandSlots(availability({ horizonDays: 2 }), now, ZONE);
    expect(starts(slots)).toEqual([
      "2026-11-23T18:00:00.000Z",
      "2026-11-23T18:30:00.000Z",
      "2026-11-24T18:00:00.000Z",
      "2026-11-24T18:30:00.000Z",
      "2026-11-25T18:00:00.000Z",
    ]);
  });

  test("taken slots are left out and only for the coach who is booked", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const two = availability({
      horizonDays: 1,
      coaches: [
        { name: "Dana", windows: [{ day: "Monday", from: "10:00", to: "10:30" }] },
        { name: "Marcus", windows: [{ day: "Monday", from: "10:00", to: "10:30" }] },
      ],
    });
    const half = (start: string) => ({ start: new Date(start), end: new Date(Date.parse(start) + 30 * 60_000) });
    const taken = [{ coach: "Dana", ...half("2026-11-23T18:00:00Z") }];
    expect(openSlots(two, now, taken, ZONE)).toEqual([
      { start: "2026-11-23T18:00:00.000Z", end: "2026-11-23T18:30:00.000Z", coach: "Marcus" },
    ]);
    expect(openSlots(two, now, [...taken, { coach: "Marcus", ...half("2026-11-23T18:00:00Z") }], ZONE)).toEqual([]);
  });

  test("a booking made before the slots changed still blocks every slot it overlaps", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    // Booked 10:15-10:45 when the window started at 10:15; the window now starts at 10:00.
    const taken = [{ coach: "Dana", start: new Date("2026-11-23T18:15:00Z"), end: new Date("2026-11-23T18:45:00Z") }];
    expect(openSlots(availability({ horizonDays: 1 }), now, taken, ZONE)).toEqual([]);
    const later = [{ coach: "Dana", start: new Date("2026-11-23T18:30:00Z"), end: new Date("2026-11-23T19:00:00Z") }];
    expect(starts(openSlots(availability({ horizonDays: 1 }), now, later, ZONE))).toEqual(["2026-11-23T18:00:00.000Z"]);
  });
});

describe("how intro times read", () => {
  test("grouped by the gym's day, one time per start however many coaches are free", () => {
    const days = slotsByDay(
      [
        { start: "2026-11-24T07:30:00.000Z" }, // 23:30 on Monday the 23rd at the gym
        { start: "2026-11-24T17:00:00.000Z" },
        { start: "2026-11-24T17:00:00.000Z" },
      ],
      ZONE,
    );
    expect(days).toEqual([
      {
        date: "2026-11-23",
        label: "Monday, November 23",
        short: "Mon, Nov 23",
        times: [
          { start: "2026-11-24T07:30:00.000Z", label: "11:30 PM", when: "Monday, November 23, 2026 at 11:30 PM Pacific Standard Time" },
        ],
      },
      {
        date: "2026-11-24",
        label: "Tuesday, November 24",
        short: "Tue, Nov 24",
        times: [
          { start: "2026-11-24T17:00:00.000Z", label: "9:00 AM", when: "Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time" },
        ],
      },
    ]);
  });
});
