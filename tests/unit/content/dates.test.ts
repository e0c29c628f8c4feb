import { addDays, ageOn, daysBetween, formatClock, formatLongDate, isIsoDate, minutes, toIsoDate } from "../../../src/content/dates";

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

describe("calendar arithmetic", () => {
  test("month and year ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-30", 30)).toBe("2026-12-30");
  });

  test("leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(daysBetween("2028-02-01", "2028-03-01")).toBe(29);
    expect(daysBetween("2027-02-01", "2027-03-01")).toBe(28);
  });

  test("daylight-saving changes do not move dates (Pacific time springs forward Mar 8 and falls back Nov 1, 2026)", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(daysBetween("2026-03-01", "2026-03-15")).toBe(14);
    expect(addDays("2026-10-31", 1)).toBe("2026-11-01");
    expect(daysBetween("2026-10-25", "2026-11-08")).toBe(14);
  });

  test("ages, with February 29 birthdays", () => {
    expect(ageOn("2014-06-15", "2026-06-14")).toBe(11);
    expect(ageOn("2014-06-15", "2026-06-15")).toBe(12);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2008-02-29", "2028-02-29")).toBe(20);
  });

  test("rejects text that is not a calendar date", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(/Not a calendar date/);
  });

  test("long dates for people", () => {
    expect(formatLongDate("2026-12-05")).toBe("Saturday, December 5, 2026");
  });
});
