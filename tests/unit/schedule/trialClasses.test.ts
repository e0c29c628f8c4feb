import { seatsLeftText, TRIAL_HORIZON_DAYS, trialClasses } from "../../../src/schedule/trialClasses";

/** The kids' trial classes: the weekly kids classes with trial seats turned into real classes. */

const slots = [
  { day: "Tuesday", start: "16:00", end: "16:45", program: "kids", coach: "Jess", trialSeats: 3 },
  { day: "Tuesday", start: "17:30", end: "18:30", program: "crossfit", coach: "Marcus" },
  { day: "Saturday", start: "10:00", end: "10:45", program: "kids", trialSeats: 2 },
  // A kids class without trial seats offers none.
  { day: "Thursday", start: "16:00", end: "16:45", program: "kids", coach: "Jess" },
];
const ZONE = "America/Los_Angeles";

test("the next two weeks of classes with trial seats, as instants in UTC, soonest first", () => {
  // Monday 2031-03-03, 9:00 AM in Graham.
  const classes = trialClasses(slots, [], new Date("2031-03-03T17:00:00Z"), ZONE);
  expect(classes).toEqual([
    { start: "2031-03-05T00:00:00.000Z", end: "2031-03-05T00:45:00.000Z", coach: "Jess", seats: 3 },
    { start: "2031-03-08T18:00:00.000Z", end: "2031-03-08T18:45:00.000Z", seats: 2 },
    // Daylight saving time began on March 9: 4:00 PM is now UTC-7.
    { start: "2031-03-11T23:00:00.000Z", end: "2031-03-11T23:45:00.000Z", coach: "Jess", seats: 3 },
    { start: "2031-03-15T17:00:00.000Z", end: "2031-03-15T17:45:00.000Z", seats: 2 },
  ]);
  expect(TRIAL_HORIZON_DAYS).toBe(14);
});

test("a class starting within two hours is no longer offered; a closed day offers none", () => {
  // Tuesday 2:30 PM: the 4:00 PM class is an hour and a half away.
  const tuesday = trialClasses(slots, [], new Date("2031-03-04T22:30:00Z"), ZONE);
  expect(tuesday[0]?.start).toBe("2031-03-08T18:00:00.000Z");
  const closed = trialClasses(slots, ["2031-03-08"], new Date("2031-03-03T17:00:00Z"), ZONE);
  expect(closed.map((c) => c.start)).not.toContain("2031-03-08T18:00:00.000Z");
  expect(closed).toHaveLength(3);
});

test("seats left, in words", () => {
  expect([0, 1, 2].map(seatsLeftText)).toEqual(["Full", "1 seat left", "2 seats left"]);
});
