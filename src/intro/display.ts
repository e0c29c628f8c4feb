import { zonedToday } from "../content/dates";

/**
 * How intro times read to people: in the gym's time zone, whatever the visitor's own zone is. Pure
 * (Intl only), and run on the server: the open-slot answer carries these labels and the e-mails use
 * them, so a visitor's browser never builds a time-zone formatter (its first costs about 100 ms on a
 * phone).
 */

export interface DaySlots {
  /** YYYY-MM-DD in the gym's zone. */
  date: string;
  /** "Tuesday, November 24" */
  label: string;
  /** "Tue, Nov 24" */
  short: string;
  /** "9:00 AM", and the whole "Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time". */
  times: Array<{ start: string; label: string; when: string }>;
}

// Newer ICU data puts a narrow no-break space before AM/PM; plain text reads the same with a space.
const plain = (text: string) => text.replace(/\u202f/g, " ");

// Building a formatter costs far more than using one, and every answer needs the same few.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

export function dayLabel(start: string, timeZone: string): string {
  return plain(formatter(timeZone, { weekday: "long", month: "long", day: "numeric" }).format(new Date(start)));
}

export function shortDayLabel(start: string, timeZone: string): string {
  return plain(formatter(timeZone, { weekday: "short", month: "short", day: "numeric" }).format(new Date(start)));
}

export function timeLabel(start: string, timeZone: string): string {
  return plain(formatter(timeZone, { hour: "numeric", minute: "2-digit" }).format(new Date(start)));
}

/** "Pacific Time": the zone's name, the same in summer and winter. */
export function zoneName(timeZone: string): string {
  return (
    formatter(timeZone, { timeZoneName: "longGeneric" })
      .formatToParts(new Date(0))
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

/** "Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time" */
export function whenLabel(start: string, timeZone: string): string {
  const date = plain(formatter(timeZone, { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(new Date(start)));
  const zone = formatter(timeZone, { timeZoneName: "long" })
    .formatToParts(new Date(start))
    .find((part) => part.type === "timeZoneName")?.value;
  return `${date} at ${timeLabel(start, timeZone)}${zone ? ` ${zone}` : ""}`;
}

/**
 * Open slots grouped by day in the gym's zone, one entry per start time (when two coaches are free at
 * the same time the visitor picks the time; the server assigns the coach).
 */
export function slotsByDay(slots: ReadonlyArray<{ start: string }>, timeZone: string): DaySlots[] {
  const days = new Map<string, DaySlots>();
  for (const slot of slots) {
    const { date } = zonedToday(new Date(slot.start), timeZone);
    let day = days.get(date);
    if (!day) {
      day = { date, label: dayLabel(slot.start, timeZone), short: shortDayLabel(slot.start, timeZone), times: [] };
      days.set(date, day);
    }
    if (!day.times.some((time) => time.start === slot.start))
      day.times.push({ start: slot.start, label: timeLabel(slot.start, timeZone), when: whenLabel(slot.start, timeZone) });
  }
  return [...days.values()];
}
