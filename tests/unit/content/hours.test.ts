import { hoursRows } from "../../../src/content/hours";

test("hours table rows merge days with the same hours and show closed days", () => {
  expect(
    hoursRows([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "05:00", closes: "19:00" },
      { days: ["Saturday"], opens: "09:00", closes: "11:00" },
    ]),
  ).toEqual([
    { label: "Monday – Friday", opens: "05:00", closes: "19:00" },
    { label: "Saturday", opens: "09:00", closes: "11:00" },
    { label: "Sunday", opens: undefined, closes: undefined },
  ]);
});
