import { auditTime, calendarDateLabel, dayLabel, shortDayLabel, staffTime, timeLabel, whenLabel, zoneName } from "../../../src/time/labels";
import { GYM_ZONE } from "../../../src/time/zone";

const ZONE = "America/Los_Angeles";

describe("how instants read", () => {
  test("the full time names the zone the gym is in", () => {
    expect(whenLabel("2026-11-24T17:00:00.000Z", ZONE)).toBe("Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time");
    expect(whenLabel("2026-06-02T16:00:00.000Z", ZONE)).toBe("Tuesday, June 2, 2026 at 9:00 AM Pacific Daylight Time");
    expect(zoneName(ZONE)).toBe("Pacific Time");
  });

  test("a day, a short day and a time, with a plain space before AM and PM", () => {
    // 23:30 on Monday the 23rd at the gym, already Tuesday in UTC.
    expect(dayLabel("2026-11-24T07:30:00.000Z", ZONE)).toBe("Monday, November 23");
    expect(shortDayLabel("2026-11-24T07:30:00.000Z", ZONE)).toBe("Mon, Nov 23");
    expect(timeLabel("2026-11-24T07:30:00.000Z", ZONE)).toBe("11:30 PM");
    expect(dayLabel("2026-11-24T07:30:00.000Z", "America/New_York")).toBe("Tuesday, November 24");
  });

  test("the console's time, and the audit log's to the second as Intl spells it", () => {
    expect(staffTime("2026-11-27T17:52:34.572Z", ZONE)).toBe("Fri, Nov 27, 9:52 AM");
    // What the audit log showed with toLocaleString before it was worded here.
    const instant = "2026-11-27T17:52:34.572Z";
    expect(auditTime(instant, ZONE)).toBe(new Date(instant).toLocaleString("en-US", { timeZone: ZONE }));
    expect(auditTime(instant, ZONE).replace(/\u202f/g, " ")).toBe("11/27/2026, 9:52:34 AM");
  });

  test("without a zone, the gym's", () => {
    const instant = "2027-03-14T10:30:00.000Z";
    expect(dayLabel(instant)).toBe(dayLabel(instant, GYM_ZONE));
    expect(shortDayLabel(instant)).toBe(shortDayLabel(instant, GYM_ZONE));
    expect(timeLabel(instant)).toBe(timeLabel(instant, GYM_ZONE));
    expect(whenLabel(instant)).toBe(whenLabel(instant, GYM_ZONE));
    expect(zoneName()).toBe(zoneName(GYM_ZONE));
    expect(staffTime(instant)).toBe(staffTime(instant, GYM_ZONE));
    expect(auditTime(instant)).toBe(auditTime(instant, GYM_ZONE));
  });
});

describe("a calendar date in the editor's previews", () => {
  test("as the built announcements print it, the same day in every zone", () => {
    expect(calendarDateLabel("2026-11-02")).toBe("November 2, 2026");
    expect(calendarDateLabel("2028-02-29")).toBe("February 29, 2028");
  });

  test("anything that is not a date comes back as it is", () => {
    expect(calendarDateLabel("")).toBe("");
    expect(calendarDateLabel("next week")).toBe("next week");
  });
});
