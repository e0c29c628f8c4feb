import { TZDate } from "@date-fns/tz";
import ical, {
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  ICalEventTransparency,
  ICalWeekday,
  type ICalCalendar,
} from "ical-generator";
import { addDays, type Day, DAYS, minutes } from "../content/dates";
import { GYM_ZONE } from "../time/zone";
import { vtimezoneFor } from "./timeZones";
import type { Slot } from "./week";

/**
 * iCalendar (RFC 5545) files, written by ical-generator: the weekly timetable (one weekly recurring
 * event per class, at wall-clock times in the gym's zone, with that zone's VTIMEZONE so every calendar
 * app places classes correctly across daylight-saving changes) and a free intro's appointment.
 * Deterministic: the caller passes the build time.
 */

export interface CalendarInput {
  name: string;
  slots: readonly Slot[];
  programTitles: Readonly<Record<string, string>>;
  location: string;
  url: string;
  /** Domain used in event UIDs, so re-importing updates events instead of duplicating them. */
  uidDomain: string;
  /** Class times are wall-clock times in this zone: the gym's (src/time/zone.ts) unless a test gives another. */
  timeZone?: string;
  /** The build time; the first occurrence of each class is on or after this date. */
  now: Date;
  /** The build date in the gym's zone (YYYY-MM-DD). */
  today: string;
  /** The gym: RFC 5546 wants an ORGANIZER on every event of a METHOD:PUBLISH calendar. */
  organizer: Organizer;
}

/** Who an event is with: the gym, by its name and address (ORGANIZER;CN=...:mailto:...). */
export interface Organizer {
  name: string;
  email: string;
}

const BYDAY: Record<Day, ICalWeekday> = {
  Monday: ICalWeekday.MO,
  Tuesday: ICalWeekday.TU,
  Wednesday: ICalWeekday.WE,
  Thursday: ICalWeekday.TH,
  Friday: ICalWeekday.FR,
  Saturday: ICalWeekday.SA,
  Sunday: ICalWeekday.SU,
};

/** The date (YYYY-MM-DD) of the first `day` on or after `from`. */
export function firstOnOrAfter(from: string, day: Day): string {
  const date = new Date(`${from}T12:00:00Z`);
  const offset = (DAYS.indexOf(day) - ((date.getUTCDay() + 6) % 7) + 7) % 7;
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * A wall-clock time in `timeZone`, or undefined when that time does not exist on that date (skipped
 * by a spring-forward). ical-generator writes a TZDate in the event's zone whatever zone the build
 * machine runs in; a plain Date would be read in the machine's own zone.
 */
function wallClock(date: string, clock: string, timeZone: string): TZDate | undefined {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = minutes(clock);
  const time = new TZDate(year, month - 1, day, Math.floor(at / 60), at % 60, timeZone);
  return time.getHours() * 60 + time.getMinutes() === at ? time : undefined;
}

/**
 * The first occurrence of a class: on or after `today`, one week later if the clock skips its start
 * or end that day, since the first occurrence sets the wall-clock time and length of the whole series.
 */
function firstOccurrence(slot: Slot, today: string, timeZone: string): { start: TZDate; end: TZDate } {
  const first = firstOnOrAfter(today, slot.day as Day);
  for (let week = 0; week < 53; week++) {
    const date = addDays(first, 7 * week);
    const start = wallClock(date, slot.start, timeZone);
    const end = wallClock(date, slot.end, timeZone);
    if (start && end) return { start, end };
  }
  throw new Error(`${slot.day} ${slot.start}-${slot.end} never exists in ${timeZone}`);
}

/** A missing VTIMEZONE would leave every TZID undefined; the content checks make this unreachable. */
function vtimezone(timeZone: string): string {
  const component = vtimezoneFor(timeZone);
  if (!component) throw new Error(`No VTIMEZONE for ${JSON.stringify(timeZone)}: check timeZone in content/site.json`);
  return component;
}

/** RFC 5545 ends every line, the last one included, with CRLF; ical-generator omits the final one. */
function serialize(calendar: ICalCalendar): string {
  return `${calendar.toString()}\r\n`;
}

/**
 * A published calendar of events at wall-clock times in a zone (the class schedule, an event). No
 * calendar-wide zone name: with one, ical-generator writes DTSTAMP in the build machine's local time
 * without "Z", where RFC 5545 wants UTC. Each event names the zone instead, and the generator still
 * adds that zone's VTIMEZONE.
 */
function zonedCalendar(uidDomain: string, product: string, name: string): ICalCalendar {
  return ical({
    prodId: { company: uidDomain, product },
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    name,
    timezone: { name: null, generator: vtimezone },
  });
}

export function buildCalendar(input: CalendarInput): string {
  const calendar = zonedCalendar(input.uidDomain, "Class schedule", input.name);
  const zone = input.timeZone ?? GYM_ZONE;
  for (const slot of input.slots) {
    const day = slot.day as Day;
    const { start, end } = firstOccurrence(slot, input.today, zone);
    const title = input.programTitles[slot.program] ?? slot.program;
    calendar.createEvent({
      id: `${slot.program}-${BYDAY[day].toLowerCase()}-${slot.start.replace(":", "")}@${input.uidDomain}`,
      stamp: input.now,
      timezone: zone,
      start,
      end,
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY, byDay: [BYDAY[day]] },
      summary: title,
      description: slot.coach ? `Coached by ${slot.coach}. ${input.url}` : input.url,
      location: input.location,
      url: input.url,
      organizer: input.organizer,
    });
  }
  return serialize(calendar);
}

export interface EventCalendarInput {
  /** The event's slug: its UID, so importing the file again updates the event instead of adding another. */
  slug: string;
  uidDomain: string;
  title: string;
  summary: string;
  /** Wall-clock times at the gym, "2026-11-26 09:00". */
  start: string;
  end?: string | null;
  /** The gym's zone (src/time/zone.ts) unless a test gives another. */
  timeZone?: string;
  location: string;
  /** The event's page. */
  url: string;
  now: Date;
  /** The gym (RFC 5546: every event of a METHOD:PUBLISH calendar has an ORGANIZER). */
  organizer: Organizer;
}

/** One event of content/events, at wall-clock times in the gym's zone, with that zone's VTIMEZONE. */
export function buildEventCalendar(input: EventCalendarInput): string {
  const zone = input.timeZone ?? GYM_ZONE;
  // TZDate moves a time the clocks skip (02:30 on the spring-forward night) on by the gap, as the wall clock does.
  const at = (localDateTime: string) => {
    const [year, month, day, hour, minute] = localDateTime.split(/[- :]/).map(Number) as [number, number, number, number, number];
    return new TZDate(year, month - 1, day, hour, minute, zone);
  };
  const calendar = zonedCalendar(input.uidDomain, "Events", input.title);
  calendar.createEvent({
    id: `event-${input.slug}@${input.uidDomain}`,
    stamp: input.now,
    timezone: zone,
    start: at(input.start),
    // Without an end the file has no DTEND: RFC 5545 then reads the event as starting at that time, no length invented.
    end: input.end ? at(input.end) : null,
    // A challenge over several weeks is not weeks of busy time in a member's calendar.
    transparency: input.end && input.end.slice(0, 10) !== input.start.slice(0, 10) ? ICalEventTransparency.TRANSPARENT : null,
    summary: input.title,
    description: `${input.summary} ${input.url}`,
    location: input.location,
    url: input.url,
    organizer: input.organizer,
  });
  return serialize(calendar);
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
  /** Raised by each change, so a calendar replaces the event it holds with this one (0 when first sent). */
  sequence?: number;
  /** "cancel" removes the event from the calendar that holds it (METHOD:CANCEL, STATUS:CANCELLED). */
  method?: "publish" | "cancel";
  /** Who the appointment is with; iTIP wants an ORGANIZER on a cancellation. */
  organizer?: Organizer;
}

/**
 * One appointment (a free intro): a single event at exact instants, written in UTC. Its UID comes from
 * the reference alone, so every later file (a new time, a cancellation) names the same event.
 */
export function buildAppointment(input: AppointmentInput): string {
  const cancel = input.method === "cancel";
  const calendar = ical({
    prodId: { company: input.uidDomain, product: "Free intro" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
  });
  calendar.createEvent({
    id: `${input.reference.toLowerCase()}@${input.uidDomain}`,
    sequence: input.sequence ?? 0,
    ...(cancel && { status: ICalEventStatus.CANCELLED }),
    ...(input.organizer && { organizer: input.organizer }),
    stamp: input.now,
    start: input.start,
    end: input.end,
    summary: input.summary,
    description: input.description,
    location: input.location,
    url: input.url,
  });
  return serialize(calendar);
}
