import { nextStarts, ofProgram, programSchedulePath } from "../../../src/content/programs";
import type { RawContent } from "../../../src/content/checkInput";
import { checkContent, formatContentError } from "../../../src/content/rules";
import { pathTo } from "../../../src/routes";
import { programFilter } from "../../../src/schedule/week";
import { json, realContent, realOptions } from "../support/content";

function problems(raw: RawContent): string[] {
  return checkContent(raw, realOptions).errors.map(formatContentError);
}

describe("a program's page", () => {
  const slots = [
    { day: "Monday", start: "17:30", program: "crossfit" },
    { day: "Tuesday", start: "16:00", program: "kids" },
    { day: "Saturday", start: "10:00", program: "kids" },
    { day: "Saturday", start: "09:00", program: "foundations" },
  ];

  test("shows only its own class times and plans, in their file's order", () => {
    expect(ofProgram(slots, "kids")).toEqual([slots[1], slots[2]]);
    expect(ofProgram(slots, "yoga")).toEqual([]);
  });

  test("links to the schedule filtered to it, which the schedule page reads back", () => {
    const path = programSchedulePath("kids");
    expect(path).toBe(`${pathTo("schedule")}?program=kids`);
    expect(programFilter(path.slice(path.indexOf("?")), ["crossfit", "foundations", "kids"])).toBe("kids");
  });
});

describe("start dates of new groups (programs' starts)", () => {
  let raw: RawContent;
  const foundations = () => {
    const found = raw.programs.find((md) => md.file === "content/programs/foundations.md");
    if (!found) throw new Error("no foundations.md");
    return json(found.frontmatter);
  };
  beforeEach(() => {
    raw = realContent();
  });

  test("a date that is not a real date", () => {
    foundations().starts[1] = "2026-12-32";
    foundations().starts[2] = "next month";
    expect(problems(raw)).toEqual([
      "content/programs/foundations.md: starts[1]: must be a real date written YYYY-MM-DD",
      "content/programs/foundations.md: starts[2]: must be a real date written YYYY-MM-DD",
    ]);
  });

  test("optional: a program without start dates passes", () => {
    delete foundations().starts;
    expect(problems(raw)).toEqual([]);
  });

  test("the page lists at most three, from the gym's today on, soonest first", () => {
    const starts = ["2027-02-01", "2026-11-02", "2026-11-24", "2027-01-04", "2026-12-07"];
    expect(nextStarts(starts, "2026-11-24")).toEqual(["2026-11-24", "2026-12-07", "2027-01-04"]);
    expect(nextStarts(starts, "2026-11-25")).toEqual(["2026-12-07", "2027-01-04", "2027-02-01"]);
    expect(nextStarts(starts, "2027-02-02")).toEqual([]);
  });
});
