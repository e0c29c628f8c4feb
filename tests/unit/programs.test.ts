import { ofProgram, programSchedulePath } from "../../src/content/programs";
import { pathTo } from "../../src/routes";
import { programFilter } from "../../src/schedule/week";

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
