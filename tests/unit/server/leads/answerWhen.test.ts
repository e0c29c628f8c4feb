import { site, closedDays } from "../../../../src/server/content";
import { answerWhen } from "../../../../src/server/leads/answerWhen";

/**
 * The instant answer's {when} on the gym's holidays (content/intro.json's blackouts for everyone): a
 * closed day is passed over, so nobody is promised an answer on Christmas. Ordinary days and the edges
 * of opening hours: answerStore.test.ts.
 */

test("the holidays the answer passes over are intro.json's gym-wide blackouts", () => {
  expect(closedDays).toEqual(expect.arrayContaining(["2026-11-26", "2026-12-24", "2026-12-25"]));
});

test.each([
  // Wednesday 23 December, 8 PM: Thursday and Friday are Christmas Eve and Day.
  ["2026-12-24T04:00:00Z", "on Saturday morning"],
  // Christmas Eve at noon: closed all day.
  ["2026-12-24T20:00:00Z", "on Saturday morning"],
  // Thanksgiving morning: the gym is closed that day and the next.
  ["2026-11-26T17:00:00Z", "on Saturday morning"],
  // The day before Thanksgiving, at noon: open as usual.
  ["2026-11-25T20:00:00Z", "today before 7:00 PM"],
])("a form at %s is answered %s", (at, expected) => {
  expect(answerWhen(site, new Date(at), closedDays)).toBe(expected);
});

test("without the holidays, the same instant would promise the closed day", () => {
  expect(answerWhen(site, new Date("2026-12-24T20:00:00Z"))).toBe("today before 7:00 PM");
});
