import { checkUnique, type ContentError } from "./contentError";
import { minutes } from "./dates";
import { hoursOn } from "./hours";
import type { Intro, SiteInfo } from "./schemas";

/**
 * Free-intro availability: every window lies inside gym hours and holds at least one slot, a coach's
 * windows never overlap (one coach cannot meet two visitors at once), coach names are unique, and a
 * blackout for one coach names a coach who is listed.
 */
export function checkIntro(file: string, intro: Intro, site: SiteInfo): ContentError[] {
  const errors: ContentError[] = [];
  errors.push(
    ...checkUnique(
      file,
      intro.coaches.map((coach, index) => ({ field: `coaches[${index}].name`, value: coach.name })),
      "coach",
    ),
  );
  intro.coaches.forEach((coach, c) => {
    coach.windows.forEach((window, w) => {
      const field = `coaches[${c}].windows[${w}]`;
      const [from, to] = [minutes(window.from), minutes(window.to)];
      if (to <= from) {
        errors.push({ file, field: `${field}.to`, message: `${window.to} must be later than from ${window.from}` });
        return;
      }
      if (to - from < intro.slotMinutes) {
        errors.push({ file, field, message: `${window.from}-${window.to} is shorter than one ${intro.slotMinutes}-minute slot` });
      } else if ((to - from) % intro.slotMinutes !== 0) {
        errors.push({
          file,
          field: `${field}.to`,
          message: `${window.from}-${window.to} is not a whole number of ${intro.slotMinutes}-minute slots (its last ${(to - from) % intro.slotMinutes} minutes would never be offered)`,
        });
      }
      const open = hoursOn(site, window.day);
      if (open.length === 0) {
        errors.push({ file, field: `${field}.day`, message: `the gym is closed on ${window.day} (see content/site.json hours)` });
      } else if (!open.some((hours) => from >= minutes(hours.opens) && to <= minutes(hours.closes))) {
        const range = open.map((hours) => `${hours.opens}-${hours.closes}`).join(", ");
        errors.push({ file, field, message: `${window.day} ${window.from}-${window.to} is outside gym hours (${window.day} ${range})` });
      }
      const overlapping = coach.windows.findIndex(
        (other, o) => o < w && other.day === window.day && minutes(other.from) < to && from < minutes(other.to),
      );
      if (overlapping >= 0) {
        const other = coach.windows[overlapping] as (typeof coach.windows)[number];
        errors.push({
          file,
          field,
          message: `${window.day} ${window.from}-${window.to} overlaps ${coach.name}'s window ${other.from}-${other.to} (windows[${overlapping}])`,
        });
      }
    });
  });
  const names = new Set(intro.coaches.map((coach) => coach.name));
  intro.blackouts.forEach((blackout, index) => {
    if (blackout.coach !== undefined && !names.has(blackout.coach)) {
      errors.push({
        file,
        field: `blackouts[${index}].coach`,
        message: `"${blackout.coach}" is not a coach in this file (coaches: ${[...names].join(", ")})`,
      });
    }
  });
  return errors;
}
