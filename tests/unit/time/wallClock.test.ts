import { startOfZonedDay, utcOffsets, zonedInstant, zonedIso } from "../../../src/time/wallClock";
import { GYM_ZONE } from "../../../src/time/zone";

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

describe("a time on the gym's clock as an instant", () => {
  test("the same wall-clock time is another instant each side of a change of clock", () => {
    expect(zonedInstant("2026-11-26", 9 * 60, "America/Los_Angeles").toISOString()).toBe("2026-11-26T17:00:00.000Z");
    expect(zonedInstant("2026-07-04", 9 * 60, "America/Los_Angeles").toISOString()).toBe("2026-07-04T16:00:00.000Z");
    expect(startOfZonedDay("2026-11-26", "America/Los_Angeles")).toBe(Date.parse("2026-11-26T08:00:00Z"));
    expect(startOfZonedDay("2026-11-26", "Asia/Kolkata")).toBe(Date.parse("2026-11-25T18:30:00Z"));
  });

  test("without a zone, the gym's", () => {
    expect(zonedIso("2026-11-26 09:00")).toBe(zonedIso("2026-11-26 09:00", GYM_ZONE));
    expect(zonedInstant("2027-03-14", 150)).toEqual(zonedInstant("2027-03-14", 150, GYM_ZONE));
    expect(startOfZonedDay("2027-03-14")).toBe(startOfZonedDay("2027-03-14", GYM_ZONE));
    const from = new Date("2026-11-25T20:00:00Z");
    expect(utcOffsets(from, 400)).toEqual(utcOffsets(from, 400, GYM_ZONE));
  });
});
