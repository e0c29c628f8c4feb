import {
  announcementSchema,
  coachSchema,
  eventSchema,
  gallerySchema,
  introSchema,
  pageSchema,
  policiesSchema,
  privacySchema,
  programSchema,
  ratesSchema,
  scheduleSchema,
  siteSchema,
  testimonialsSchema,
  visitSchema,
  waiverSchema,
  wodSchema,
} from "./schemas";

/**
 * Each kind of content file with the schema that checks it, named as the content checks read them
 * (RawContent in checkInput.ts). The build's checks (rules.ts) and its GraphQL types (src/node/schema.ts)
 * both take a kind's schema from here, so which schema a file answers to is said once.
 */

/** The files that are one each: content/<name>.json. */
export const ONE_FILE_SCHEMAS = {
  site: siteSchema,
  schedule: scheduleSchema,
  rates: ratesSchema,
  policies: policiesSchema,
  privacy: privacySchema,
  waiver: waiverSchema,
  testimonials: testimonialsSchema,
  intro: introSchema,
  visit: visitSchema,
} as const;

/** The files that are one of many in a folder: a markdown file's frontmatter, a gallery's gallery.json. */
export const MANY_FILE_SCHEMAS = {
  announcements: announcementSchema,
  events: eventSchema,
  programs: programSchema,
  pages: pageSchema,
  coaches: coachSchema,
  wods: wodSchema,
  galleries: gallerySchema,
} as const;
