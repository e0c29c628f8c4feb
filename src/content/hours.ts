import { DAYS } from "./dates";

export interface HoursRow {
  label: string;
  opens?: string;
  closes?: string;
}

/**
 * site.json hours -> table rows, one per run of consecutive days with the same hours
 * ("Monday – Friday", "Saturday", "Sunday: closed"). Pure.
 */
export function hoursRows(hours: ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }>): HoursRow[] {
  const byDay = DAYS.map((day) => {
    const entry = hours.find((h) => h.days.includes(day));
    return { day, key: entry ? `${entry.opens}-${entry.closes}` : "closed", entry };
  });
  const rows: HoursRow[] = [];
  let start = 0;
  for (let i = 1; i <= byDay.length; i++) {
    const first = byDay[start];
    const current = byDay[i];
    if (current && first && current.key === first.key) continue;
    const last = byDay[i - 1];
    if (first && last) {
      rows.push({
        label: first.day === last.day ? first.day : `${first.day} – ${last.day}`,
        opens: first.entry?.opens,
        closes: first.entry?.closes,
      });
    }
    start = i;
  }
  return rows;
}

/** The gym's opening hours on one day (none when closed): the schedule's and the intro windows' limits. */
export function hoursOn(site: { hours: ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }> }, day: string) {
  return site.hours.filter((hours) => hours.days.includes(day));
}
