import fc from "fast-check";
import { dateFromOffsets } from "../../../src/content/gymClock";
import { zonedToday } from "../../../src/time/today";
import { utcOffsets } from "../../../src/time/wallClock";

const START = new Date("2026-11-24T12:00:00Z");
const DAYS = 400;

describe("the gym clock's offset table", () => {
  test.each(["America/Los_Angeles", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham"])(
    "%s: the same date and weekday as Intl at any instant the table covers",
    (timeZone) => {
      const offsets = utcOffsets(START, DAYS, timeZone);
      fc.assert(
        fc.property(fc.integer({ min: START.getTime(), max: offsets.until - 1 }), (ms) => {
          expect(dateFromOffsets(offsets, new Date(ms))).toEqual(zonedToday(new Date(ms), timeZone));
        }),
        { numRuns: 2000 },
      );
    },
  );

  test("Graham: the minutes either side of the spring and autumn changes", () => {
    const offsets = utcOffsets(START, DAYS, "America/Los_Angeles");
    expect(offsets.changes.map(([ms, minutes]) => [new Date(ms).toISOString(), minutes])).toEqual([
      [START.toISOString(), -480],
      ["2027-03-14T10:00:00.000Z", -420],
      ["2027-11-07T09:00:00.000Z", -480],
    ]);
    // 23:59 on Saturday 13 March in Graham is 07:59 UTC on the 14th; after the change, midnight comes an hour sooner.
    expect(dateFromOffsets(offsets, new Date("2027-03-14T07:59:00Z"))).toEqual({ date: "2027-03-13", day: "Saturday" });
    expect(dateFromOffsets(offsets, new Date("2027-03-14T08:00:00Z"))).toEqual({ date: "2027-03-14", day: "Sunday" });
    expect(dateFromOffsets(offsets, new Date("2027-11-07T06:59:00Z"))).toEqual({ date: "2027-11-06", day: "Saturday" });
    expect(dateFromOffsets(offsets, new Date("2027-11-07T07:00:00Z"))).toEqual({ date: "2027-11-07", day: "Sunday" });
  });

  test("outside the table it says nothing, so the caller asks Intl", () => {
    const offsets = utcOffsets(START, DAYS, "America/Los_Angeles");
    expect(dateFromOffsets(offsets, new Date(START.getTime() - 1))).toBeUndefined();
    expect(dateFromOffsets(offsets, new Date(offsets.until))).toBeUndefined();
    expect(dateFromOffsets({ changes: [], until: 0 }, START)).toBeUndefined();
  });
});
