import { isOpenAt, openingOn, openMsBetween, responseTime } from "../../../../src/server/leads/responseTime";
import { site } from "../../../../src/server/content";
import { durationWords, responseWords } from "../../../../src/desk/time";

/** How long the gym took to answer, counted in its opening hours (content/site.json: Mon-Fri 05-19, Sat 09-11, Pacific). */

const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const gym = { timeZone: "America/Los_Angeles", hours: site.hours };

test("the hours these cases assume are the gym's", () => {
  expect(site.timeZone).toBe("America/Los_Angeles");
  expect(site.hours).toEqual([
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "05:00", closes: "19:00" },
    { days: ["Saturday"], opens: "09:00", closes: "11:00" },
  ]);
});

test.each([
  ["within one day's hours: the clock's time", "2026-11-30T18:00:00Z", "2026-11-30T18:12:00Z", 12 * MIN],
  ["sent Friday 21:00, answered Saturday 09:10: ten minutes of opening", "2026-11-28T05:00:00Z", "2026-11-28T17:10:00Z", 10 * MIN],
  ["Saturday 10:30 to Monday 05:30: half an hour each side of a closed Sunday", "2026-11-28T18:30:00Z", "2026-11-30T13:30:00Z", 60 * MIN],
  ["sent and answered while closed", "2026-11-29T18:00:00Z", "2026-11-29T20:00:00Z", 0],
  // Daylight saving starts on Sunday, March 14, 2027: Monday's 05:00 is 12:00Z, Friday's 19:00 was 03:00Z.
  ["Friday 18:00 PST to Monday 06:00 PDT, across the change", "2027-03-13T02:00:00Z", "2027-03-15T13:00:00Z", 4 * 60 * MIN],
  ["an answer before the lead (a clock set wrong) is no time", "2026-11-30T18:00:00Z", "2026-11-30T17:00:00Z", 0],
])("%s", (_case, from, to, open) => {
  expect(openMsBetween(at(from), at(to), gym)).toBe(open);
});

test("a response is both: the plain clock and the opening hours", () => {
  expect(responseTime(at("2026-11-28T05:00:00Z"), at("2026-11-28T17:10:00Z"), gym)).toEqual({
    clockMs: (12 * 60 + 10) * MIN,
    openMs: 10 * MIN,
  });
});

test.each([
  [20_000, "under a minute"],
  [12 * MIN, "12 min"],
  [60 * MIN, "1 h"],
  [125 * MIN, "2 h 5 min"],
  [24 * 60 * MIN, "1 day"],
  [(3 * 24 + 4) * 60 * MIN + 59_000, "3 days 4 h"],
])("%i ms reads %s", (ms, words) => {
  expect(durationWords(ms)).toBe(words);
});

test("both lengths are said when they differ, one when they agree", () => {
  expect(responseWords({ clockMs: 12 * MIN, openMs: 12 * MIN })).toBe("answered in 12 min");
  expect(responseWords({ clockMs: 730 * MIN, openMs: 10 * MIN })).toBe("answered in 12 h 10 min (10 min of opening hours)");
});

test("open from the opening minute to just before closing", () => {
  expect(isOpenAt(at("2026-11-30T12:59:59Z"), gym)).toBe(false); // Monday 04:59:59
  expect(isOpenAt(at("2026-11-30T13:00:00Z"), gym)).toBe(true); // Monday 05:00
  expect(isOpenAt(at("2026-12-01T02:59:59Z"), gym)).toBe(true); // Monday 18:59:59
  expect(isOpenAt(at("2026-12-01T03:00:00Z"), gym)).toBe(false); // Monday 19:00
  expect(isOpenAt(at("2026-12-06T18:00:00Z"), gym)).toBe(false); // Sunday
  expect(openingOn("2026-11-28", gym)).toEqual(at("2026-11-28T17:00:00Z")); // Saturday 09:00
  expect(openingOn("2026-11-29", gym)).toBeUndefined();
});
