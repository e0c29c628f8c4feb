import { DAYS, type Day } from "../content/dates";
import type { Slot } from "./week";

/**
 * iCalendar (RFC 5545) files for the weekly timetable: one weekly recurring event per class, in the
 * gym's time zone, with the zone's rules included so every calendar app places classes correctly
 * across daylight-saving changes. Pure: the caller passes the build time.
 */

export interface CalendarInput {
  name: string;
  slots: readonly Slot[];
  programTitles: Readonly<Record<string, string>>;
  location: string;
  url: string;
  /** Domain used in event UIDs, so re-importing updates events instead of duplicating them. */
  uidDomain: string;
  /** The build time; the first occurrence of each class is on or after this date. */
  now: Date;
  /** The build date in the gym's zone (YYYY-MM-DD). */
  today: string;
}

const BYDAY: Record<Day, string> = {
  Monday: "MO",
  Tuesday: "TU",
  Wednesday: "WE",
  Thursday: "TH",
  Friday: "FR",
  Saturday: "SA",
  Sunday: "SU",
};

const VTIMEZONE_LOS_ANGELES = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Los_Angeles",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0800",
  "TZOFFSETTO:-0700",
  "TZNAME:PDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0800",
  "TZNAME:PST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

const encoder = new TextEncoder();
function utf8Length(value: string): number {
  return encoder.encode(value).length;
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  if (utf8Length(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = utf8Length(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The date (YYYY-MM-DD) of the first `day` on or after `from`. */
export function firstOnOrAfter(from: string, day: Day): string {
  const date = new Date(`${from}T12:00:00Z`);
  const offset = (DAYS.indexOf(day) - ((date.getUTCDay() + 6) % 7) + 7) % 7;
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

function local(date: string, clock: string): string {
  return `${date.replace(/-/g, "")}T${clock.replace(":", "")}00`;
}

function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** The calendar's opening lines; the caller adds its events and END:VCALENDAR. */
function calendarHeader(uidDomain: string, product: string): string[] {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:-//${uidDomain}//${product}//EN`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
}

function serialize(lines: readonly string[]): string {
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

export function buildCalendar(input: CalendarInput): string {
  const lines = [
    ...calendarHeader(input.uidDomain, "Class schedule"),
    `X-WR-CALNAME:${escapeText(input.name)}`,
    "X-WR-TIMEZONE:America/Los_Angeles",
    ...VTIMEZONE_LOS_ANGELES,
  ];
  for (const slot of input.slots) {
    const day = slot.day as Day;
    const date = firstOnOrAfter(input.today, day);
    const title = input.programTitles[slot.program] ?? slot.program;
    lines.push(
      "BEGIN:VEVENT",
      `UID:${slot.program}-${BYDAY[day].toLowerCase()}-${slot.start.replace(":", "")}@${input.uidDomain}`,
      `DTSTAMP:${utcStamp(input.now)}`,
      `DTSTART;TZID=America/Los_Angeles:${local(date, slot.start)}`,
      `DTEND;TZID=America/Los_Angeles:${local(date, slot.end)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[day]}`,
      `SUMMARY:${escapeText(title)}`,
      `DESCRIPTION:${escapeText(slot.coach ? `Coached by ${slot.coach}. ${input.url}` : input.url)}`,
      `LOCATION:${escapeText(input.location)}`,
      `URL:${input.url}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return serialize(lines);
}

export interface AppointmentInput {
  /** The booking's reference: the event's UID, so a resent confirmation updates the same event. */
  reference: string;
  uidDomain: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  now: Date;
}

/** One appointment (a free intro): a single event at exact instants, written in UTC. */
export function buildAppointment(input: AppointmentInput): string {
  return serialize([
    ...calendarHeader(input.uidDomain, "Free intro"),
    "BEGIN:VEVENT",
    `UID:${input.reference.toLowerCase()}@${input.uidDomain}`,
    `DTSTAMP:${utcStamp(input.now)}`,
    `DTSTART:${utcStamp(input.start)}`,
    `DTEND:${utcStamp(input.end)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    `URL:${input.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}
