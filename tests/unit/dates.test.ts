import { formatClock, isIsoDate, minutes, toIsoDate, zonedToday } from "../../src/content/dates";

describe("calendar dates", () => {
  test("real dates only, leap years included", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-4-3")).toBe(false);
  });

  test("YAML dates and strings mean the same day", () => {
    expect(toIsoDate(new Date(Date.UTC(2026, 10, 16)))).toBe("2026-11-16");
    expect(toIsoDate(" 2026-11-16 ")).toBe("2026-11-16");
    expect(toIsoDate("November 16")).toBeUndefined();
    expect(toIsoDate(new Date("invalid"))).toBeUndefined();
  });
});

describe("clock times", () => {
  test("minutes and 12-hour formatting", () => {
    expect(minutes("05:00")).toBe(300);
    expect(formatClock("05:00")).toBe("5:00 AM");
    expect(formatClock("12:00")).toBe("12:00 PM");
    expect(formatClock("00:30")).toBe("12:30 AM");
    expect(formatClock("17:30")).toBe("5:30 PM");
    expect(() => minutes("5pm")).toThrow(/Not a time of day/);
  });
});

describe("today at the gym", () => {
  test("uses the gym's time zone, not UTC", () => {
    // 04:30 UTC on Sunday is still Saturday evening in Graham.
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-21", day: "Saturday" });
    expect(zonedToday(new Date("2026-11-22T09:00:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-22", day: "Sunday" });
    // The same instant for gyms elsewhere: still Saturday evening in New York, already Sunday in London.
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "America/New_York")).toEqual({ date: "2026-11-21", day: "Saturday" });
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "Europe/London")).toEqual({ date: "2026-11-22", day: "Sunday" });
  });
});
