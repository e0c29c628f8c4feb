import { vtimezoneDisagreement, vtimezoneFor } from "../../../src/schedule/timeZones";

// Mexico City's rules before 2022: daylight saving from April to October.
const STALE_MEXICO_CITY = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Mexico_City",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0500",
  "TZNAME:CDT",
  "DTSTART:19700405T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

describe("the calendar files' time-zone rules", () => {
  test.each([
    "America/Los_Angeles",
    "America/New_York",
    "America/Mexico_City",
    "Africa/Cairo",
    "Europe/Kyiv",
    "Australia/Sydney",
    "America/Santiago",
  ])("%s: the VTIMEZONE agrees with the tz database for two years", (zone) => {
    const vtimezone = vtimezoneFor(zone);
    expect(vtimezone).toContain(`TZID:${zone}`);
    expect(vtimezoneDisagreement(zone, vtimezone ?? "", "2026-11-23", 731)).toBeUndefined();
  });

  test("out-of-date rules are caught on the first day they put a class an hour off", () => {
    expect(vtimezoneDisagreement("America/Mexico_City", STALE_MEXICO_CITY, "2026-11-23", 731)).toBe("2027-04-04");
  });

  test("a name that is no zone has no VTIMEZONE", () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(vtimezoneFor("America/Graham")).toBeUndefined();
    quiet.mockRestore();
  });
});
