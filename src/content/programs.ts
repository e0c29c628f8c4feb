import { pathTo } from "../routes";
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
