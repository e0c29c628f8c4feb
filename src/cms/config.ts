import { CATEGORIES } from "../content/schemas";
import { settings } from "./settings";
import { TITLE_MAX } from "../seo/meta";
import {
  alt,
  body,
  date,
  dateTime,
  image,
  list,
  listOf,
  longText,
  program,
  select,
  slug,
  stringList,
  text,
  wholeNumber,
  type CmsConfig,
  type Collection,
} from "./fields";

/**
 * The web editor's model of content/: one collection per kind of file, with the rules of
 * src/content/schemas.ts (required fields, lengths, patterns, select lists) so staff see a mistake
 * before it reaches the build. Labels, hints and widgets are the editor's own; each field's name,
 * required flag, widget kind and limits are checked against the schema by tests/unit/cms/config.test.ts.
 * The build's checks still run on every commit the editor makes; rules that span fields (an end after
 * its start, a window inside gym hours) are caught there.
 */

export interface BackendSettings {
  /** "owner/name" of the gym's GitHub repository. */
  repo: string;
  branch: string;
  /** Changes wait as pull requests for review instead of going straight to the branch. */
  review: boolean;
}

const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  branding: "Branding Photography",
  events: "Event Photography",
  bts: "Behind The Scenes",
};

const announcements: Collection = {
  name: "announcements",
  label: "Announcements",
  label_singular: "Announcement",
  folder: "content/announcements",
  create: true,
  // The date prefix orders the files; the site's address for a post is its title alone.
  slug: "{{fields.date | date('YYYY-MM-DD')}}-{{slug}}",
  summary: "{{fields.date | date('YYYY-MM-DD')}} · {{title}}",
  sortable_fields: ["date", "title"],
  fields: [
    text("title", "Title", TITLE_MAX),
    date("date", "Date"),
    longText("summary", "Summary", 240, { hint: "One or two sentences shown in the list of announcements." }),
    image("image", "Photo (optional)", false),
    alt("imageAlt", "Photo description", false),
    date("expires", "Take off the list after (optional)", false),
    body(),
  ],
} as Collection;

const events: Collection = {
  name: "events",
  label: "Events",
  label_singular: "Event",
  folder: "content/events",
  create: true,
  // The file's name is the event's address (/events/crossfit-open-2027/); put the year in the title.
  slug: "{{slug}}",
  summary: "{{start}} · {{title}}",
  sortable_fields: ["start", "title"],
  fields: [
    text("title", "Title", TITLE_MAX, { hint: "With the year, like CrossFit Open 2027: it becomes the page's address." }),
    dateTime("start", "Starts"),
    dateTime("end", "Ends", false),
    text("place", "Place, when not at the gym", 80, { required: false, hint: "Leave empty for the gym." }),
    text("placeAddress", "Its address", 160, { required: false, hint: "Street, city, state and ZIP on one line." }),
    {
      name: "price",
      label: "Price in dollars",
      widget: "number",
      value_type: "float",
      min: 0,
      hint: "0 shows as Free.",
    },
    text("priceNote", "Who pays what", 120, { required: false, hint: "Like: Free for members; $20 for guests." }),
    {
      ...dateTime("signUpOpens", "Sign-up opens", false),
      hint: "Leave empty when sign-up is open already. The time on the gym's clock, 24-hour; search engines show it as when sign-up opens.",
    },
    text("registerUrl", "Sign-up link", 500, {
      required: false,
      // The build also checks that a page of this site exists (src/content/eventRules.ts).
      pattern: [
        String.raw`^(https?://\S+\.\S+|/(?!/)\S*)$`,
        "A full address starting with https://, or a page of this site like /contact/",
      ],
    }),
    longText("summary", "Summary", 240, { hint: "One or two sentences shown in the list of events." }),
    image("image", "Photo", false),
    alt("imageAlt", "Photo description", false),
    body(),
  ],
} as Collection;

const workouts: Collection = {
  name: "wod",
  label: "Workouts of the day",
  label_singular: "Workout of the day",
  folder: "content/wod",
  create: true,
  // One file per day, named for it: content/wod/2026-11-25.md. The build refuses two for one day.
  slug: "{{fields.date | date('YYYY-MM-DD')}}",
  summary: "{{fields.date | date('YYYY-MM-DD')}} · {{title}}",
  sortable_fields: ["date", "title"],
  fields: [
    { ...date("date", "Day"), hint: "The workout appears on the website at midnight at the start of this day, not before." },
    text("title", "Title", 80, { hint: 'A short name for the day, like "Heavy Singles and Fran".' }),
    list(
      "parts",
      "Parts",
      [
        text("name", "Part", 40, { hint: "Warm-up, Strength, Metcon, ..." }),
        longText("rx", "Rx", 600, { hint: "As written. One movement a line." }),
        longText("scaled", "Scaled", 600),
        longText("foundations", "Foundations", 600, { hint: "For members in their first months." }),
      ],
      { min: 1, summary: "{{fields.name}}" },
    ),
    // The editor marks optional fields itself.
    longText("coachNotes", "Coach's notes", 600, { required: false }),
    { ...body("More notes"), required: false },
  ],
} as Collection;

const programs: Collection = {
  name: "programs",
  label: "Programs",
  label_singular: "Program",
  folder: "content/programs",
  // Each program has its own page, schedule entries and rates: staff edit the three, never add or remove one here.
  create: false,
  delete: false,
  identifier_field: "title",
  fields: [
    { name: "key", label: "Key", widget: "hidden" },
    text("title", "Title", 80),
    text("tagline", "Tagline", 160),
    text("audience", "Who it is for", 120),
    wholeNumber("order", "Order on the programs page", 1),
    image("hero", "Photo"),
    alt("heroAlt", "Photo description"),
    stringList("highlights", "Highlights", 200, { min: 1 }),
    list("faq", "Questions", [text("question", "Question", 200), longText("answer", "Answer", 800)], { summary: "{{fields.question}}" }),
    listOf("starts", "Start dates of new groups (optional; past dates drop off the page by themselves)", date("date", "Start date"), {
      required: false,
    }),
    body(),
  ],
} as Collection;

const coaches: Collection = {
  name: "coaches",
  label: "Coaches",
  label_singular: "Coach",
  folder: "content/coaches",
  create: true,
  // The file's name; the coach's place on the coaches page (/coaches/#dana) comes from the name field.
  slug: "{{slug}}",
  identifier_field: "name",
  summary: "{{order}}. {{name}}",
  sortable_fields: ["order", "name"],
  fields: [
    text("name", "Name (as the schedule and free-intro times write it)", 40),
    image("photo", "Photo"),
    alt("photoAlt", "Photo description"),
    stringList("certifications", "Certifications", 80, { hint: "One per line, like CrossFit Level 2 Trainer." }),
    listOf("programs", "Programs they coach", program("program", "Program"), { min: 1 }),
    wholeNumber("order", "Order on the coaches page", 1),
    body("Short bio"),
  ],
} as Collection;

const galleries: Collection = {
  name: "galleries",
  label: "Photo galleries",
  label_singular: "Gallery",
  folder: "content/galleries",
  path: "{{slug}}/gallery",
  extension: "json",
  format: "json",
  create: false,
  delete: false,
  identifier_field: "name",
  // Photos are uploaded next to the gallery's gallery.json.
  media_folder: "",
  public_folder: "",
  fields: [
    { name: "id", label: "Id", widget: "hidden" },
    text("name", "Name", 80),
    longText("description", "Description", 300),
    select(
      "category",
      "Category",
      CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
    ),
    wholeNumber("order", "Order on the page", 1, undefined, { required: false }),
    slug("thumbnail", "Cover photo", "The id of the photo shown first, like events-1."),
    list(
      "images",
      "Photos",
      [slug("id", "Id", "A short name for the photo, like events-7."), image("src", "Photo"), alt("alt", "Photo description")],
      { min: 1, summary: "{{fields.id}}: {{fields.alt}}" },
    ),
  ],
} as Collection;

const page = (name: string, label: string) => ({
  name,
  label,
  file: `content/pages/${name}.md`,
  fields: [
    text("title", "Title", TITLE_MAX),
    text("headline", "Headline (optional)", 80, { required: false }),
    longText("lead", "Lead (optional)", 240, { required: false }),
    image("hero", "Photo (optional)", false),
    alt("heroAlt", "Photo description", false),
    body(),
  ],
});

const pages: Collection = {
  name: "pages",
  label: "Pages",
  files: [
    page("home", "Home"),
    page("about", "About us"),
    page("policies", "Policies text"),
    page("drop-in", "Drop-in page"),
    page("privacy", "Privacy"),
    page("consumer-health-data", "Consumer health data policy"),
  ],
} as Collection;

/** The whole editor configuration. The local backend (decap-server) is used on localhost only. */
export function cmsConfig(backend: BackendSettings): CmsConfig {
  return {
    backend: { name: "github", repo: backend.repo, branch: backend.branch },
    ...(backend.review ? { publish_mode: "editorial_workflow" as const } : {}),
    local_backend: true,
    load_config_file: false,
    media_folder: "content/images",
    public_folder: "../images",
    site_url: "/",
    display_url: "/",
    show_preview_links: false,
    // Slugs the site accepts: lowercase ASCII words joined by dashes (src/content/slugs.ts).
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [workouts, announcements, events, programs, coaches, galleries, settings, pages],
  } as CmsConfig;
}
