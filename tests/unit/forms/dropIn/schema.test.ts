import scheduleJson from "../../../../content/schedule.json";
import { weekdayOf } from "../../../../src/content/dates";
import { classDays, MAX_VISIT_DAYS } from "../../../../src/forms/dropIn/rules";
import { dropInErrors, dropInSchema } from "../../../../src/forms/dropIn/schema";
import { fieldErrors } from "../../../../src/forms/schemas/fields";
import { WAIVER_CHANGED } from "../../../../src/forms/schemas/waiver";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

// Wednesday at the gym; classes Monday to Saturday.
const today = "2026-11-25";
const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const schema = dropInSchema(days, today, "waiver-v2");
const valid = {
  visitDate: "2026-11-27",
  name: "  Kai Moana ",
  email: " Kai@Example.COM ",
  ageGroup: "18+",
  waiverAccepted: true,
  waiverVersion: "waiver-v2",
  elapsedMs: 9000,
};

describe("drop-in class days", () => {
  test("the days the program has a class, Monday first, from the real schedule", () => {
    expect(classDays(scheduleJson.slots, "crossfit")).toEqual(days);
    expect(classDays(scheduleJson.slots, "kids")).toEqual(["Tuesday", "Thursday", "Saturday"]);
    expect(classDays(scheduleJson.slots, "yoga")).toEqual([]);
  });

  test("a date's weekday", () => {
    expect([today, "2026-11-29", "2028-02-29"].map(weekdayOf)).toEqual(["Wednesday", "Sunday", "Tuesday"]);
  });
});

describe("drop-in form", () => {
  test("trims, lower-cases the address, drops an empty home gym and keeps the waiver's version", () => {
    expect(schema.parse({ ...valid, affiliate: "  " })).toEqual({
      visitDate: "2026-11-27",
      name: "Kai Moana",
      email: "kai@example.com",
      ageGroup: "18+",
      waiverAccepted: true,
      waiverVersion: "waiver-v2",
      elapsedMs: 9000,
    });
    expect(schema.parse({ ...valid, affiliate: " CrossFit Hilo " }).affiliate).toBe("CrossFit Hilo");
  });

  test("each required field has its own message", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({
      visitDate: "Enter the date of your visit",
      name: "Enter your name",
      email: "Enter your email address",
      ageGroup: "Tell us whether you are 18 or older",
      waiverAccepted: "Read and accept the waiver to continue",
    });
    expect(errorsOf(schema.safeParse({ ...valid, ageGroup: "12" }))).toEqual({ ageGroup: "Tell us whether you are 18 or older" });
    expect(errorsOf(schema.safeParse({ ...valid, visitDate: "2026-11-31" }))).toEqual({
      visitDate: "Enter the date of your visit as a real date (YYYY-MM-DD)",
    });
    expect(errorsOf(schema.safeParse({ ...valid, affiliate: "x".repeat(101) }))).toEqual({
      affiliate: "Keep your home gym under 100 characters",
    });
    expect(errorsOf(schema.safeParse({ ...valid, plan: "drop-in" }))).toEqual({ plan: "This field is not part of the form" });
  });

  test("the visit is today or later, within the window, on a day with a class", () => {
    expect(schema.safeParse({ ...valid, visitDate: today }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...valid, visitDate: "2026-11-24" }))).toEqual({ visitDate: "Choose today or a later date" });
    // The last day, 60 days ahead, is a Sunday without a class; the Saturday before it is fine.
    expect(MAX_VISIT_DAYS).toBe(60);
    expect(errorsOf(schema.safeParse({ ...valid, visitDate: "2027-01-24" }))).toEqual({ visitDate: expect.stringMatching(/on Sundays/) });
    expect(schema.safeParse({ ...valid, visitDate: "2027-01-23" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...valid, visitDate: "2027-01-25" }))).toEqual({
      visitDate: "Choose a date within the next 60 days (Sunday, January 24, 2027 at the latest)",
    });
    expect(errorsOf(schema.safeParse({ ...valid, visitDate: "2026-11-29" }))).toEqual({
      visitDate: "We have no drop-in class on Sundays: choose a Monday, Tuesday, Wednesday, Thursday, Friday, or Saturday",
    });
    const kids = dropInSchema(["Tuesday", "Thursday", "Saturday"], today, "waiver-v2");
    expect(errorsOf(kids.safeParse(valid))).toEqual({
      visitDate: "We have no drop-in class on Fridays: choose a Tuesday, Thursday, or Saturday",
    });
  });

  test("a visitor signs the waiver this build shows, and no other", () => {
    expect(errorsOf(schema.safeParse({ ...valid, waiverAccepted: false }))).toEqual({
      waiverAccepted: "Read and accept the waiver to continue",
    });
    expect(errorsOf(schema.safeParse({ ...valid, waiverVersion: "waiver-v1" }))).toEqual({ waiverAccepted: WAIVER_CHANGED });
    const { waiverVersion: _version, ...withoutVersion } = valid;
    expect(errorsOf(schema.safeParse(withoutVersion))).toEqual({ waiverAccepted: WAIVER_CHANGED });
  });

  test("a visitor under 18 names the parent or guardian who accepts the waiver for them", () => {
    const teen = { ...valid, ageGroup: "13-17" };
    expect(errorsOf(schema.safeParse(teen))).toEqual({ guardianName: "Visitors under 18 need a parent or guardian: enter their name" });
    expect(errorsOf(schema.safeParse({ ...teen, guardianName: "   " }))).toEqual({
      guardianName: "Visitors under 18 need a parent or guardian: enter their name",
    });
    expect(schema.parse({ ...teen, guardianName: " Lani Moana " })).toMatchObject({ ageGroup: "13-17", guardianName: "Lani Moana" });
    // An adult signs for themselves: a guardian's name sent along is not kept.
    expect(schema.parse({ ...valid, guardianName: "Lani Moana" })).not.toHaveProperty("guardianName");
    expect(dropInErrors({ ageGroup: "13-17" }, days, today, "waiver-v2")).toMatchObject({
      guardianName: "Visitors under 18 need a parent or guardian: enter their name",
    });
  });

  test("the browser names a day without a class before the rest is filled in", () => {
    expect(dropInErrors({ visitDate: "2026-11-29" }, days, today, "waiver-v2")).toMatchObject({
      visitDate: expect.stringMatching(/^We have no drop-in class on Sundays/),
      name: "Enter your name",
    });
  });
});
