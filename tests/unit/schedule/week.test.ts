import { calendarPath, groupByDay, programFilter, withProgramFilter } from "../../../src/schedule/week";

describe("weekly timetable", () => {
  const slots = [
    { day: "Saturday", start: "10:00", end: "11:00", program: "foundations" },
    { day: "Monday", start: "17:30", end: "18:30", program: "crossfit" },
    { day: "Monday", start: "05:00", end: "06:00", program: "crossfit" },
    { day: "Saturday", start: "10:00", end: "10:45", program: "kids" },
  ];

  test("groups by day from Monday, each day by start time, days without classes left out", () => {
    expect(groupByDay(slots).map((group) => [group.day, group.slots.map((s) => `${s.start} ${s.program}`)])).toEqual([
      ["Monday", ["05:00 crossfit", "17:30 crossfit"]],
      ["Saturday", ["10:00 foundations", "10:00 kids"]],
    ]);
  });
});

describe("program filter in the URL", () => {
  const keys = ["crossfit", "foundations", "kids"];

  test("reads a known program, ignores anything else", () => {
    expect(programFilter("?program=kids", keys)).toBe("kids");
    expect(programFilter("?program=yoga", keys)).toBeNull();
    expect(programFilter("", keys)).toBeNull();
  });

  test("writes the filter and keeps other parameters", () => {
    expect(withProgramFilter("?utm_source=flyer", "kids")).toBe("?utm_source=flyer&program=kids");
    expect(withProgramFilter("?program=kids", null)).toBe("");
  });

  test("calendar file paths", () => {
    expect(calendarPath("all")).toBe("/schedule/all.ics");
    expect(calendarPath("kids")).toBe("/schedule/kids.ics");
  });
});
