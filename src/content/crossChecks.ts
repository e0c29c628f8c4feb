import { minutes } from "./dates";
import { hoursOn } from "./hours";
import { checkUnique, type ContentError } from "./contentError";
import type { CheckOptions } from "./checkInput";
import type { Gallery, Schedule, SiteInfo } from "./schemas";
import { vtimezoneDisagreement, vtimezoneFor } from "../schedule/timeZones";
import { KIDS_PROGRAM } from "../forms/signup/rules";

/**
 * The content checks that look across fields or files, once each file has passed its schema: class
 * times inside opening hours, references between files, images that exist, calendar time-zone rules.
 * Pure, like rules.ts, which runs them.
 */

export function checkScheduleHours(file: string, schedule: Schedule, site: SiteInfo): ContentError[] {
  const errors: ContentError[] = [];
  schedule.slots.forEach((slot, index) => {
    const field = `slots[${index}]`;
    if (minutes(slot.end) <= minutes(slot.start)) {
      errors.push({ file, field: `${field}.end`, message: `${slot.end} must be later than start ${slot.start}` });
      return;
    }
    const open = hoursOn(site, slot.day);
    if (open.length === 0) {
      errors.push({ file, field: `${field}.day`, message: `the gym is closed on ${slot.day} (see content/site.json hours)` });
      return;
    }
    const inside = open.some((hours) => minutes(slot.start) >= minutes(hours.opens) && minutes(slot.end) <= minutes(hours.closes));
    if (!inside) {
      const range = open.map((hours) => `${hours.opens}-${hours.closes}`).join(", ");
      errors.push({
        file,
        field,
        message: `${slot.day} ${slot.start}-${slot.end} is outside gym hours (${slot.day} ${range})`,
      });
    }
  });
  return errors;
}

/**
 * Free trial seats are the kids' trial class (a parent books a child a seat): only a kids class offers
 * them, and two of its classes may not start at the same time, since a seat is known by its class's start.
 */
export function checkTrialSeats(file: string, schedule: Schedule): ContentError[] {
  const errors: ContentError[] = [];
  schedule.slots.forEach((slot, index) => {
    if (slot.trialSeats === undefined) return;
    if (slot.program !== KIDS_PROGRAM) {
      errors.push({
        file,
        field: `slots[${index}].trialSeats`,
        message: `only a ${KIDS_PROGRAM} class offers free trial seats; remove it from this ${slot.program} class`,
      });
      return;
    }
    const first = schedule.slots.findIndex(
      (other) => other.trialSeats !== undefined && other.day === slot.day && other.start === slot.start,
    );
    if (first !== index) {
      errors.push({
        file,
        field: `slots[${index}].start`,
        message: `slots[${first}] also offers trial seats on ${slot.day} at ${slot.start}: give only one of them trialSeats`,
      });
    }
  });
  return errors;
}

/** How far ahead the calendar files' time-zone rules must match this machine's: two years of classes. */
const CALENDAR_CHECK_DAYS = 731;

/**
 * The calendar files carry the zone's daylight-saving rules as a VTIMEZONE (src/schedule/timeZones.ts).
 * It must exist, and agree with the tz database the pages use over the next two years; otherwise the
 * files would place classes an hour off while the pages stay right. Not in schemas.ts, which the web
 * editor bundles for the browser.
 */
export function checkTimeZone(file: string, site: SiteInfo, today = new Date().toISOString().slice(0, 10)): ContentError[] {
  const vtimezone = vtimezoneFor(site.timeZone);
  if (!vtimezone) {
    const message = `${JSON.stringify(site.timeZone)} is not a time zone the calendar files know yet: use another IANA name for the same clock (an older name, or a nearby city)`;
    return [{ file, field: "timeZone", message }];
  }
  const differs = vtimezoneDisagreement(site.timeZone, vtimezone, today, CALENDAR_CHECK_DAYS);
  if (!differs) return [];
  const message = `the calendar files' rules for ${site.timeZone} disagree with this computer's time zone database on ${differs}: a developer updates timezones-ical-library (or Node)`;
  return [{ file, field: "timeZone", message }];
}

export function checkProgramReferences(
  file: string,
  references: ReadonlyArray<{ field: string; program: string }>,
  programKeys: ReadonlySet<string>,
): ContentError[] {
  const known = [...programKeys].join(", ");
  return references
    .filter((ref) => !programKeys.has(ref.program))
    .map((ref) => ({
      file,
      field: ref.field,
      message: `program "${ref.program}" does not exist (programs: ${known})`,
    }));
}

export function checkImages(
  file: string,
  images: ReadonlyArray<{ field: string; path: string }>,
  fileExists: CheckOptions["fileExists"],
): ContentError[] {
  return images
    .filter((image) => !fileExists(file, image.path))
    .map((image) => ({ file, field: image.field, message: `image "${image.path}" does not exist` }));
}

export function checkGallery(file: string, gallery: Gallery): ContentError[] {
  const errors = checkUnique(
    file,
    gallery.images.map((image, index) => ({ field: `images[${index}].id`, value: image.id })),
    "image id",
  );
  if (!gallery.images.some((image) => image.id === gallery.thumbnail)) {
    errors.push({ file, field: "thumbnail", message: `"${gallery.thumbnail}" is not the id of an image in this gallery` });
  }
  return errors;
}

export function checkProgramRoutes(
  programs: ReadonlyArray<{ file: string; key: string }>,
  programRoutes: CheckOptions["programRoutes"],
): ContentError[] {
  const errors: ContentError[] = [];
  const keys = new Set(programs.map((program) => program.key));
  const routed = new Set(programRoutes.map((route) => route.programKey).filter(Boolean));
  for (const route of programRoutes) {
    if (route.programKey && !keys.has(route.programKey)) {
      errors.push({
        file: `content/programs`,
        field: "key",
        message: `no program file has key "${route.programKey}", which the page ${route.path} needs`,
      });
    }
  }
  for (const program of programs) {
    if (!routed.has(program.key)) {
      errors.push({
        file: program.file,
        field: "key",
        message: `no page shows program "${program.key}": a developer adds its route to src/routes.ts`,
      });
    }
  }
  return errors;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * Pages use {{holdNoticeDays}}, {{spamDays}} and friends, so the numbers always come from
 * policies.json and privacy.json (see placeholderValues).
 */
export function checkPlaceholders(file: string, body: string, known: readonly string[]): ContentError[] {
  const errors: ContentError[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const key = match[1] as string;
    if (!known.includes(key)) {
      errors.push({ file, field: `{{${key}}}`, message: `unknown placeholder (known: ${known.join(", ")})` });
    }
  }
  return errors;
}
