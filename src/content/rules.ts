import { checkRawHtml } from "./rawHtml";
import type { z } from "zod";
import type { CheckOptions, RawContent } from "./checkInput";
import { checkUnique, type ContentError } from "./contentError";
import {
  checkGallery,
  checkImages,
  checkPlaceholders,
  checkProgramReferences,
  checkProgramRoutes,
  checkScheduleHours,
  checkTrialSeats,
  checkTimeZone,
} from "./crossChecks";
import { checkCoach, checkCoachesNamed, checkCoachNames, declaredCoachNames } from "./coachRules";
import { zonedToday } from "../time/today";
import { checkDropIn } from "./dropInRules";
import { checkEvents } from "./eventRules";
import { eventSlug } from "./eventTimes";
import { checkIntro } from "./introRules";
import { checkTestimonials } from "./reviewRules";
import { checkWayIn } from "./wayInRules";
import { checkWods } from "./wodRules";
import { placeholderValues } from "./policies";
import { MANY_FILE_SCHEMAS, ONE_FILE_SCHEMAS } from "./kinds";
import type {
  Announcement,
  Coach,
  GymEvent,
  Gallery,
  Intro,
  Policies,
  Privacy,
  Program,
  Rates,
  Schedule,
  SiteInfo,
  Visit,
  Waiver,
  Wod,
} from "./schemas";
import { announcementSlug } from "./slugs";
import { announcementPath, eventPath } from "../routes";

/**
 * The content checks the build runs before anything else. Pure: the caller reads the files and says
 * which image paths exist, so the rules are unit-testable with plain objects. Every problem comes back
 * as one line naming the file, the field and what is wrong.
 */

export interface ValidContent {
  site: SiteInfo;
  schedule: Schedule;
  rates: Rates;
  policies: Policies;
  privacy: Privacy;
  waiver: Waiver;
  announcements: Array<{ file: string; slug: string; data: Announcement }>;
  events: Array<{ file: string; slug: string; data: GymEvent }>;
  programs: Array<{ file: string; data: Program }>;
  galleries: Array<{ file: string; data: Gallery }>;
  coaches: Array<{ file: string; data: Coach }>;
  intro: Intro;
  visit: Visit;
  wods: Array<{ file: string; data: Wod }>;
}

export type { ContentError } from "./contentError";

export function formatContentError(error: ContentError): string {
  return `${error.file}: ${error.field}: ${error.message}`;
}

/** zod's path ["slots", 3, "end"] -> "slots[3].end" */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(file)";
}

function describeIssue(issue: z.ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field(s) ${issue.keys.join(", ")}: check the spelling`;
  if (issue.code === "invalid_type" && issue.received === "undefined") return "is required";
  return issue.message;
}

export function parseFile<S extends z.ZodTypeAny>(schema: S, file: string, data: unknown, errors: ContentError[]): z.output<S> | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    errors.push({ file, field: fieldPath(issue.path), message: describeIssue(issue) });
  }
  return undefined;
}

type OneFiles = { [K in keyof typeof ONE_FILE_SCHEMAS]?: z.output<(typeof ONE_FILE_SCHEMAS)[K]> };

/** The files that are one of their kind, each checked by its schema, in the order kinds.ts lists them; a file with mistakes is left out. */
function parseOneFiles(raw: RawContent, errors: ContentError[]): OneFiles {
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ONE_FILE_SCHEMAS) as Array<[keyof OneFiles, z.ZodTypeAny]>) {
    parsed[name] = parseFile(schema, raw[name].file, raw[name].data, errors);
  }
  // Each name holds what its own schema gave: the loop loses only the pairing of names and types.
  return parsed as OneFiles;
}

function fileName(file: string): string {
  return file.split("/").pop()?.replace(/\.md$/, "") ?? file;
}

export function checkContent(raw: RawContent, options: CheckOptions): { errors: ContentError[]; content?: ValidContent } {
  const errors: ContentError[] = [];
  const { site, schedule, rates, policies, privacy, waiver, testimonials, intro, visit } = parseOneFiles(raw, errors);

  const programs: ValidContent["programs"] = [];
  for (const md of raw.programs) {
    const data = parseFile(MANY_FILE_SCHEMAS.programs, md.file, md.frontmatter, errors);
    if (!data) continue;
    programs.push({ file: md.file, data });
    errors.push(...checkImages(md.file, [{ field: "hero", path: data.hero }], options.fileExists));
  }
  // Cross-references use every key a program file declares, even when that file has other mistakes,
  // so one typo in a program reports one problem instead of one per class on the schedule.
  const declared = raw.programs.flatMap((md) => {
    const key = (md.frontmatter as { key?: unknown } | undefined)?.key;
    return typeof key === "string" ? [{ file: md.file, key }] : [];
  });
  errors.push(
    ...checkUnique(
      "content/programs",
      declared.map((program) => ({ field: "key", value: program.key, file: program.file })),
      "program key",
    ),
    ...checkProgramRoutes(declared, options.programRoutes),
  );
  const programKeys = new Set(declared.map((program) => program.key));

  const coaches: ValidContent["coaches"] = [];
  for (const md of raw.coaches) {
    const data = parseFile(MANY_FILE_SCHEMAS.coaches, md.file, md.frontmatter, errors);
    if (!data) continue;
    coaches.push({ file: md.file, data });
    errors.push(...checkCoach(md.file, data, programKeys, options.fileExists));
  }
  errors.push(
    ...checkCoachNames(coaches),
    ...checkCoachesNamed({ schedule: raw.schedule.file, intro: raw.intro.file }, schedule, intro, declaredCoachNames(raw.coaches)),
  );

  const announcements: ValidContent["announcements"] = [];
  for (const md of raw.announcements) {
    const data = parseFile(MANY_FILE_SCHEMAS.announcements, md.file, md.frontmatter, errors);
    if (!data) continue;
    announcements.push({ file: md.file, slug: announcementSlug(fileName(md.file)), data });
    if (data.image) errors.push(...checkImages(md.file, [{ field: "image", path: data.image }], options.fileExists));
  }
  errors.push(
    ...checkUnique(
      "content/announcements",
      announcements.map((a) => ({ field: "(file name)", value: a.slug, file: a.file })),
      "page address /announcements/",
    ),
  );

  const events: ValidContent["events"] = [];
  for (const md of raw.events) {
    const data = parseFile(MANY_FILE_SCHEMAS.events, md.file, md.frontmatter, errors);
    if (data) events.push({ file: md.file, slug: eventSlug(fileName(md.file)), data });
  }
  const pagePaths = new Set([
    ...options.pagePaths,
    ...announcements.map((announcement) => announcementPath(announcement.slug)),
    ...events.map((event) => eventPath(event.slug)),
  ]);
  errors.push(...checkEvents(events, options.fileExists, pagePaths));

  const wods: ValidContent["wods"] = [];
  for (const md of raw.wods) {
    const data = parseFile(MANY_FILE_SCHEMAS.wods, md.file, md.frontmatter, errors);
    if (data) wods.push({ file: md.file, data });
  }
  errors.push(...checkWods(wods));

  for (const md of raw.pages) {
    const page = parseFile(MANY_FILE_SCHEMAS.pages, md.file, md.frontmatter, errors);
    if (page?.hero) errors.push(...checkImages(md.file, [{ field: "hero", path: page.hero }], options.fileExists));
  }
  for (const name of options.requiredPages) {
    if (!raw.pages.some((md) => fileName(md.file) === name)) {
      errors.push({ file: `content/pages/${name}.md`, field: "(file)", message: "is missing" });
    }
  }

  const galleries: ValidContent["galleries"] = [];
  for (const json of raw.galleries) {
    const data = parseFile(MANY_FILE_SCHEMAS.galleries, json.file, json.data, errors);
    if (!data) continue;
    galleries.push({ file: json.file, data });
    errors.push(...checkGallery(json.file, data));
    errors.push(
      ...checkImages(
        json.file,
        data.images.flatMap((image, index) => [
          { field: `images[${index}].src`, path: image.src },
          ...(image.fullSrc ? [{ field: `images[${index}].fullSrc`, path: image.fullSrc }] : []),
        ]),
        options.fileExists,
      ),
    );
  }
  errors.push(
    ...checkUnique(
      "content/galleries",
      galleries.map((g) => ({ field: "id", value: g.data.id, file: g.file })),
      "gallery id",
    ),
  );

  const now = options.now ?? new Date();
  // The zone of the site.json under check (a test's fixture, the editor's draft), which may not be the built one.
  const today = options.today ?? (site ? zonedToday(now, site.timeZone).date : now.toISOString().slice(0, 10));
  if (site) errors.push(...checkTimeZone(raw.site.file, site, today));
  if (testimonials) errors.push(...checkTestimonials(raw.testimonials.file, testimonials, programKeys, today));
  if (schedule && site) errors.push(...checkScheduleHours(raw.schedule.file, schedule, site));
  if (schedule) errors.push(...checkTrialSeats(raw.schedule.file, schedule));
  if (intro && site) errors.push(...checkIntro(raw.intro.file, intro, site));
  if (schedule) {
    errors.push(
      ...checkProgramReferences(
        raw.schedule.file,
        schedule.slots.map((slot, index) => ({ field: `slots[${index}].program`, program: slot.program })),
        programKeys,
      ),
    );
  }
  if (rates) {
    errors.push(
      ...checkUnique(
        raw.rates.file,
        rates.plans.map((plan, index) => ({ field: `plans[${index}].id`, value: plan.id })),
        "plan id",
      ),
      ...checkProgramReferences(
        raw.rates.file,
        rates.plans.map((plan, index) => ({ field: `plans[${index}].program`, program: plan.program })),
        programKeys,
      ),
    );
  }
  if (rates && schedule) errors.push(...checkDropIn(raw.rates.file, rates, schedule));
  if (rates) errors.push(...checkWayIn(raw.rates.file, rates));
  for (const md of [...raw.announcements, ...raw.events, ...raw.programs, ...raw.pages, ...raw.coaches, ...raw.wods])
    errors.push(...checkRawHtml(md.file, md.body, md.bodyLine));
  if (policies && privacy) {
    const known = Object.keys(placeholderValues(policies, privacy));
    for (const md of raw.pages) errors.push(...checkPlaceholders(md.file, md.body, known));
  }

  if (errors.length > 0 || !site || !schedule || !rates || !policies || !privacy || !waiver || !intro || !visit) return { errors };
  return {
    errors,
    content: { site, schedule, rates, policies, privacy, waiver, announcements, events, programs, galleries, coaches, intro, visit, wods },
  };
}
