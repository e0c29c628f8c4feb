import {
  addDays,
  ageOn,
  daysBetween,
  earliestCancelDate,
  earliestHoldStart,
  formatLongDate,
  holdEndRange,
  holdLength,
  resumeDate,
} from "../../../src/forms/dateRules";

const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };

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
});

describe("hold and cancellation dates", () => {
  test("a hold starts after the notice period", () => {
    expect(earliestHoldStart(policy, "2026-11-22")).toBe("2026-11-29");
    expect(earliestHoldStart(policy, "2026-12-28")).toBe("2027-01-04");
  });

  test("a hold's last day lies between the minimum and the maximum, both days counted", () => {
    expect(holdEndRange(policy, "2026-02-01")).toEqual({ min: "2026-02-14", max: "2026-05-01" });
    expect(holdLength("2026-02-01", "2026-02-14")).toBe(14);
    expect(holdEndRange(policy, "2028-02-20")).toEqual({ min: "2028-03-04", max: "2028-05-19" });
  });

  test("membership resumes the day after the hold", () => {
    expect(resumeDate("2026-02-28")).toBe("2026-03-01");
    expect(resumeDate("2028-02-28")).toBe("2028-02-29");
  });

  test("a cancellation takes effect after its notice period", () => {
    expect(earliestCancelDate(policy, "2026-01-31")).toBe("2026-03-02");
    expect(earliestCancelDate(policy, "2028-01-31")).toBe("2028-03-01");
  });

  test("long dates for people", () => {
    expect(formatLongDate("2026-12-05")).toBe("Saturday, December 5, 2026");
  });
});
