import { dateTimeFormat } from "./intl";
import { GYM_ZONE } from "./zone";

/**
 * How instants read to people, on the gym's clock whatever the zone of the reader's machine: the
 * server's answers and e-mails, the staff console, the build. Public pages never format with these
 * (Intl's first use costs a phone about 100 ms while the page hydrates): the server words what they
 * show, and pages write dates and times with the plain functions of src/content/dates.ts. Each takes
 * another zone only for the tests.
 */

// Newer ICU data puts a narrow no-break space before AM/PM; plain text reads the same with a space.
const plain = (text: string) => text.replace(/\u202f/g, " ");

/** "Tuesday, November 24" */
export function dayLabel(iso: string, zone: string = GYM_ZONE): string {
  return plain(dateTimeFormat({ weekday: "long", month: "long", day: "numeric" }, zone).format(new Date(iso)));
}

/** "Tue, Nov 24" */
export function shortDayLabel(iso: string, zone: string = GYM_ZONE): string {
  return plain(dateTimeFormat({ weekday: "short", month: "short", day: "numeric" }, zone).format(new Date(iso)));
}

/** "9:00 AM" */
export function timeLabel(iso: string, zone: string = GYM_ZONE): string {
  return plain(dateTimeFormat({ hour: "numeric", minute: "2-digit" }, zone).format(new Date(iso)));
}

/** "Pacific Time": the zone's name, the same in summer and winter. */
export function zoneName(zone: string = GYM_ZONE): string {
  return (
    dateTimeFormat({ timeZoneName: "longGeneric" }, zone)
      .formatToParts(new Date(0))
      .find((part) => part.type === "timeZoneName")?.value ?? zone
  );
}

/** "Tuesday, November 24, 2026 at 9:00 AM Pacific Standard Time": a time told once, in full. */
export function whenLabel(iso: string, zone: string = GYM_ZONE): string {
  const date = plain(dateTimeFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" }, zone).format(new Date(iso)));
  const name = dateTimeFormat({ timeZoneName: "long" }, zone)
    .formatToParts(new Date(iso))
    .find((part) => part.type === "timeZoneName")?.value;
  return `${date} at ${timeLabel(iso, zone)}${name ? ` ${name}` : ""}`;
}

/** "Fri, Nov 27, 9:52 AM": an instant as every console screen shows it. */
export function staffTime(iso: string, zone: string = GYM_ZONE): string {
  return `${shortDayLabel(iso, zone)}, ${timeLabel(iso, zone)}`;
}

/**
 * "11/27/2026, 9:52:03 AM", to the second: the console's audit log, where the order of two entries a
 * few seconds apart matters. Intl's own spelling, narrow space before AM/PM included.
 */
export function auditTime(iso: string, zone: string = GYM_ZONE): string {
  return dateTimeFormat(
    { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" },
    zone,
  ).format(new Date(iso));
}

/**
 * "2026-11-02" -> "November 2, 2026": a calendar date (no instant, so no zone), as the built
 * announcements print it; anything else comes back as it is. The web editor's previews.
 */
export function calendarDateLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateTimeFormat({ dateStyle: "long" }, "UTC").format(date);
}
