import { pathTo } from "../routes";
import { compareText } from "./dates";
import { withProgramFilter } from "../schedule/week";

/** What a program's page takes from the shared files (schedule.json, rates.json). Pure. */

/** The class times or plans of one program, in their file's order. */
export function ofProgram<T extends { program: string }>(items: readonly T[], programKey: string): T[] {
  return items.filter((item) => item.program === programKey);
}

/** The schedule page showing only one program: "kids" -> "/schedule/?program=kids". */
export function programSchedulePath(programKey: string): string {
  return `${pathTo("schedule")}${withProgramFilter("", programKey)}`;
}

/** The reviews shown on a program's page: those whose programs name it, in their file's order. */
export function reviewsOf<T extends { programs?: readonly string[] | null }>(reviews: readonly T[], programKey: string): T[] {
  return reviews.filter((review) => review.programs?.includes(programKey));
}

/** How many start dates a program's page lists. */
export const SHOWN_STARTS = 3;

/** The next start dates on or after `today` (YYYY-MM-DD), soonest first: past ones drop off by themselves. */
export function nextStarts(starts: readonly string[], today: string, count = SHOWN_STARTS): string[] {
  return starts
    .filter((date) => date >= today)
    .sort(compareText)
    .slice(0, count);
}
