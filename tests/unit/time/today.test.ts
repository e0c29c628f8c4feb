import { zonedToday } from "../../../src/time/today";
import { GYM_ZONE } from "../../../src/time/zone";

describe("today at the gym", () => {
  test("uses the gym's time zone, not UTC", () => {
    // 04:30 UTC on Sunday is still Saturday evening in Graham.
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-21", day: "Saturday" });
    expect(zonedToday(new Date("2026-11-22T09:00:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-22", day: "Sunday" });
    // The same instant for gyms elsewhere: still Saturday evening in New York, already Sunday in London.
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "America/New_York")).toEqual({ date: "2026-11-21", day: "Saturday" });
    expect(zonedToday(new Date("2026-11-22T04:30:00Z"), "Europe/London")).toEqual({ date: "2026-11-22", day: "Sunday" });
  });

  test("without a zone, the gym's", () => {
    for (const instant of ["2026-11-22T04:30:00Z", "2026-11-22T09:00:00Z", "2027-07-04T06:59:00Z"]) {
      expect(zonedToday(new Date(instant))).toEqual(zonedToday(new Date(instant), GYM_ZONE));
    }
  });
});
