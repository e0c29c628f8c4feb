import { compareText, DAYS, minutes, type Day } from "../content/dates";
import { pathTo } from "../routes";

/** The weekly timetable, shaped for display. Pure. */

export interface Slot {
  day: string;
  start: string;
  end: string;
  program: string;
  coach?: string | null;
}

export interface DaySchedule<T extends Slot> {
  day: Day;
  slots: T[];
}

/** Monday to Sunday, each day's classes by start time; days without classes are left out. */
export function groupByDay<T extends Slot>(slots: readonly T[]): Array<DaySchedule<T>> {
  return DAYS.map((day) => ({
    day,
    slots: slots
      .filter((slot) => slot.day === day)
      .sort((a, b) => minutes(a.start) - minutes(b.start) || compareText(a.program, b.program)),
  })).filter((group) => group.slots.length > 0);
}

/** The program filter from a query string: a known program key, or null for "all programs". */
export function programFilter(search: string, programKeys: readonly string[]): string | null {
  const value = new URLSearchParams(search).get("program");
  return value && programKeys.includes(value) ? value : null;
}

/** The query string for a filter, keeping any other parameters. */
export function withProgramFilter(search: string, program: string | null): string {
  const params = new URLSearchParams(search);
  if (program) params.set("program", program);
  else params.delete("program");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Where the build writes a program's calendar file ("all" for every class). */
export function calendarPath(programKey: string): string {
  return `${pathTo("schedule")}${programKey}.ics`;
}
