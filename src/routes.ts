/**
 * THE route table: every page the site builds from a template (announcement pages come from content).
 * gatsby-node creates pages from it, the navigation is derived from it, the Head reads titles and
 * descriptions from it, and the sitemap page lists it. Paths end in "/" because the site uses
 * `trailingSlash: "always"`.
 */
import type { UtcOffsets } from "./content/gymClock";
import type { WodDays } from "./content/wod";

/** A route as the table writes it: each page's name and template are written there only. */
interface RouteEntry {
  /** The name a page is linked by: `pathTo("rates")`. */
  name: string;
  path: string;
  title: string;
  /** Short label for links when the title is too long for a menu. */
  navLabel?: string;
  description: string;
  keywords: readonly string[];
  /** Position in the navigation; routes without one come after those with one, sorted by name. */
  navOrder?: number;
  /** Kept out of the navigation (still built, linked elsewhere and in the sitemaps). */
  noNav?: boolean;
  /** Shown in the header's separate utility cluster instead of the main links. */
  utility?: boolean;
  /**
   * Without the phone's "Book a free intro" bar (src/components/IntroBar.tsx): a page that is itself a
   * form to finish, or whose visitors the adult's intro is not for (the kids' page, and pages under it).
   */
  noIntroBar?: boolean;
  layout: "default";
  /** The file in src/templates/ that builds the page. */
  template: string;
  /** For program pages: the key of the program's markdown file in content/programs. */
  programKey?: string;
  /** For pages whose text staff write: the name of the markdown file in content/pages that holds it. */
  pageKey?: string;
}

const ROUTES = [
  {
    name: "home",
    path: "/",
    title: "Home",
    description: "CrossFit group classes, a beginner Foundations program with private coaching, and CrossFit Kids in Graham, Washington.",
    keywords: ["CrossFit Graham", "gym Graham WA", "CrossFit", "personal training", "fitness classes"],
    navOrder: 1,
    layout: "default",
    template: "home",
  },
  {
    name: "wod",
    path: "/wod/",
    title: "Workout of the Day",
    navLabel: "WOD",
    description:
      "Today's workout at CrossFit Graham with Rx, Scaled and Foundations versions of every part, and the workouts of the days before.",
    keywords: ["WOD", "workout of the day", "CrossFit workout", "scaled workout", "CrossFit Graham"],
    // Members open it every morning.
    navOrder: 2,
    layout: "default",
    template: "wod",
  },
  {
    name: "about",
    path: "/about/",
    title: "About Us",
    navLabel: "About",
    description: "Meet the coaches and the community behind Graham's neighbourhood CrossFit gym.",
    keywords: ["CrossFit coaches", "Graham WA gym", "about"],
    navOrder: 3,
    layout: "default",
    template: "about",
  },
  {
    name: "coaches",
    path: "/coaches/",
    title: "Our Coaches",
    navLabel: "Coaches",
    description: "Meet the certified CrossFit coaches of our Graham gym: their certifications, their programs and a short bio.",
    keywords: ["CrossFit coaches", "certified CrossFit trainer", "Graham WA coach", "CrossFit Kids coach"],
    navOrder: 4,
    layout: "default",
    template: "coaches",
  },
  {
    name: "rates",
    path: "/rates/",
    title: "Rates",
    description: "Month-to-month CrossFit memberships, Foundations, CrossFit Kids and drop-in prices. No contracts.",
    keywords: ["CrossFit membership price", "gym rates Graham", "drop-in"],
    navOrder: 3,
    layout: "default",
    template: "rates",
  },
  {
    name: "contact",
    path: "/contact/",
    title: "Contact Us",
    navLabel: "Contact",
    description: "Ask a question, book a free intro session, or find our gym in Graham, WA.",
    keywords: ["contact", "free intro", "CrossFit Graham address", "phone"],
    utility: true,
    layout: "default",
    template: "contact",
  },
  {
    name: "sitemap",
    path: "/sitemap/",
    title: "Sitemap",
    description: "Every page on the CrossFit Graham website.",
    keywords: ["sitemap"],
    noNav: true,
    layout: "default",
    template: "sitemap",
  },
  {
    name: "schedule",
    path: "/schedule/",
    title: "Schedule",
    description: "Weekly class times for CrossFit, Foundations and CrossFit Kids, Monday to Saturday.",
    keywords: ["class schedule", "CrossFit class times", "kids class times"],
    navOrder: 10,
    utility: true,
    layout: "default",
    template: "schedule",
  },
  {
    name: "gallery",
    path: "/portfolio/",
    title: "Gallery",
    description: "Photos from our classes, events and behind the scenes at the gym.",
    keywords: ["gym photos", "CrossFit gallery", "events"],
    noNav: true,
    layout: "default",
    template: "portfolio",
  },
  {
    name: "announcements",
    path: "/announcements/",
    title: "Announcements",
    navLabel: "News",
    description: "News, events, holiday hours and schedule changes from the gym.",
    keywords: ["gym news", "events", "holiday hours"],
    navOrder: 2,
    utility: true,
    layout: "default",
    template: "announcements",
  },
  {
    name: "events",
    path: "/events/",
    title: "Events",
    description: "Competitions, challenges and community workouts at CrossFit Graham: dates, times, prices and how to sign up.",
    keywords: ["CrossFit Open", "gym events Graham", "nutrition challenge", "community workout"],
    navOrder: 3,
    utility: true,
    layout: "default",
    template: "events",
  },
  {
    name: "programs",
    path: "/programs/",
    title: "Our CrossFit Classes",
    navLabel: "Programs",
    description: "CrossFit group classes, the Foundations beginner program and CrossFit Kids.",
    keywords: ["CrossFit classes", "beginner program", "kids fitness"],
    noNav: true,
    layout: "default",
    template: "programs",
  },
  {
    name: "membership",
    path: "/membership/",
    title: "Membership",
    description: "Sign up, read our membership policies, or request a hold or cancellation.",
    keywords: ["membership", "sign up", "hold", "cancel"],
    noNav: true,
    layout: "default",
    template: "membership",
  },
  {
    name: "signup",
    path: "/membership/signup/",
    title: "Sign Up",
    description: "Become a member online: choose a plan, pick your start date and sign the waiver.",
    keywords: ["join", "membership sign up", "waiver"],
    noIntroBar: true,
    layout: "default",
    template: "signup",
  },
  {
    name: "policies",
    path: "/membership/policies/",
    title: "Policies",
    description: "Cancellation, hold and reactivation terms for memberships.",
    keywords: ["membership policies", "cancellation policy", "hold policy"],
    navOrder: 5,
    layout: "default",
    template: "policies",
  },
  {
    name: "hold",
    path: "/membership/membershipHold/",
    title: "Hold & Cancel",
    description: "Submit a membership hold request or a cancellation notice online.",
    keywords: ["membership hold", "cancel membership", "freeze membership"],
    navOrder: 5,
    noIntroBar: true,
    layout: "default",
    template: "membershipHold",
  },
  {
    name: "crossfit",
    path: "/programs/crossfit/",
    title: "CrossFit group classes",
    description: "Coached, scaled CrossFit group classes for adults and teens, every weekday and Saturday.",
    keywords: ["CrossFit classes", "group fitness", "strength and conditioning"],
    noNav: true,
    layout: "default",
    template: "program",
    programKey: "crossfit",
  },
  {
    name: "foundations",
    path: "/programs/foundations/",
    title: "Foundations",
    description: "Start CrossFit safely: six private coaching sessions plus beginner group classes.",
    keywords: ["CrossFit beginner", "private coaching", "personal training"],
    noNav: true,
    layout: "default",
    template: "program",
    programKey: "foundations",
  },
  {
    name: "kids",
    path: "/programs/crossfitkids/",
    // The ages are in content/programs/crossfitkids.md (audience) and the sign-up rules, not here.
    title: "CrossFit Kids",
    description: "Fun, coached fitness classes that build strength and confidence in kids.",
    keywords: ["kids fitness", "CrossFit Kids", "children's gym class"],
    noNav: true,
    // The adult's free intro is not for children: parents book the kids' trial class on the page itself.
    noIntroBar: true,
    layout: "default",
    template: "program",
    programKey: "kids",
  },
  {
    name: "kidsTrial",
    path: "/programs/crossfitkids/trial/",
    title: "Free Kids Trial Class",
    description:
      "Book your child a free CrossFit Kids class in Graham, WA: choose a class with a seat left, come ten minutes early, stay and watch.",
    keywords: ["free kids class", "kids trial class", "CrossFit Kids", "kids fitness Graham WA"],
    // Linked from the kids' page, whose parents' section leads here.
    noNav: true,
    // A form to finish, for parents: the adult's free intro is not for children.
    noIntroBar: true,
    layout: "default",
    template: "kidsTrial",
  },
  {
    name: "intro",
    path: "/intro/",
    title: "Book a Free Intro",
    navLabel: "Free intro",
    description:
      "Pick a time for a free intro with a coach at CrossFit Graham: talk about your goals, see the gym and try a short workout.",
    keywords: ["free intro", "CrossFit Graham", "book a session", "beginner CrossFit", "Graham WA gym"],
    // The header's call to action links here, so it is not repeated among the menu links.
    noNav: true,
    layout: "default",
    template: "intro",
  },
  {
    name: "dropIn",
    path: "/drop-in/",
    title: "Drop In",
    description:
      "Visiting Graham? Drop in to a coached CrossFit class: the price, what to bring, the waiver, and a short form to tell us you are coming.",
    keywords: ["CrossFit drop-in", "drop in Graham WA", "visiting athlete", "CrossFit travel"],
    // Linked from the drop-in plan on the rates and CrossFit pages (src/content/rates.ts planAction).
    noNav: true,
    // A form to finish, for athletes who already train: the free intro is not for them.
    noIntroBar: true,
    layout: "default",
    template: "dropIn",
    pageKey: "drop-in",
  },
  {
    name: "privacy",
    path: "/privacy/",
    title: "Privacy",
    description: "What this website collects, what the forms store, how long the gym keeps it, and how to ask about your data.",
    keywords: ["privacy", "data", "analytics", "retention"],
    noNav: true,
    layout: "default",
    template: "document",
    pageKey: "privacy",
  },
  {
    name: "privacyRequest",
    path: "/privacy/request/",
    title: "Ask About Your Data",
    description:
      "Ask the gym for a copy of your data, to correct or delete it, to withdraw your consent for health information, or to appeal an answer.",
    keywords: ["privacy request", "delete my data", "access my data", "My Health My Data Act"],
    noNav: true,
    noIntroBar: true,
    layout: "default",
    template: "privacyRequest",
  },
  {
    name: "healthData",
    path: "/consumer-health-data/",
    title: "Consumer Health Data Privacy Policy",
    description:
      "What health information the gym collects, why, who it is shared with, and how to see, delete or withdraw consent for it under Washington's My Health My Data Act.",
    keywords: ["consumer health data", "My Health My Data Act", "health privacy", "Washington"],
    noNav: true,
    layout: "default",
    template: "document",
    pageKey: "consumer-health-data",
  },
] as const satisfies readonly RouteEntry[];

/** The name a page is linked by: `pathTo("rates")`. */
export type RouteName = (typeof ROUTES)[number]["name"];
/** The templates the table builds pages with (src/templates/). */
export type TemplateName = (typeof ROUTES)[number]["template"];

/** A route, its name and template among the table's own. */
export interface Route extends RouteEntry {
  name: RouteName;
  template: TemplateName;
}

export const routes: readonly Route[] = ROUTES;

/** Context every route page receives (gatsby-node sets it; templates and their Head read it). */
export interface RoutePageContext {
  routePath: string;
  programKey: string | null;
  /** For document pages: the markdown file in content/pages (see Route.pageKey). */
  pageKey: string | null;
  /** The build date in the gym's time zone (YYYY-MM-DD) and its weekday. */
  today: string;
  weekday: string;
  /** The gym's UTC offsets from the build on, so the browser can tell the gym's date (src/content/gymClock.ts). */
  utcOffsets: UtcOffsets;
  /** Slugs of the announcements that are listed (not expired), newest first. */
  listed: string[];
  /** Slugs of the events that have not passed, soonest first. */
  upcoming: string[];
}

/** What a page component is given: its query's data and the part of its context it reads. */
export interface RoutePageProps<Data, Context extends keyof RoutePageContext = "routePath"> {
  data: Data;
  pageContext: Pick<RoutePageContext, Context>;
}

/** An event's page: the events list's context (same template), plus which event and when, worked out at build. */
export interface EventPageContext extends RoutePageContext {
  slug: string;
  /** Its last day was before the build's day at the gym. */
  passed: boolean;
  /** Start and end as ISO 8601 with the gym's UTC offset on that day ("2026-11-26T09:00:00-08:00"). */
  startIso: string;
  endIso: string | null;
  /** When sign-up opens, the same way, while that is after the build's day; null when open already. */
  signUpOpensIso: string | null;
}

/** What the workout-of-the-day template receives beyond a route page's context (src/node/pages.ts). */
export interface WodPageContext {
  /**
   * The page's query reads the workouts dated before this day (YYYY-MM-DD): a node's date is a full
   * timestamp (2026-11-25T00:00:00.000Z), which `lte: "2026-11-25"` would leave out.
   */
  before: string;
  /** A day page's date; null on the list, which shows the gym's day. */
  day: string | null;
  /** On the list: the days the build covers and when they begin; null on a day page. */
  wodDays: WodDays | null;
}

export function findRoute(path: string): Route | undefined {
  return routes.find((route) => route.path === path);
}

/** The route for a path; throws so that a template asking for a missing route fails the build loudly. */
export function routeFor(path: string): Route {
  const route = findRoute(path);
  if (!route) throw new Error(`No route in src/routes.ts for "${path}"`);
  return route;
}

/** The page of a program, by the program's key ("kids" -> "/programs/crossfitkids/"). */
export function programPath(programKey: string): string | undefined {
  return routes.find((route) => route.programKey === programKey)?.path;
}

/** The path of a page in the route table; the only way components and templates write an internal URL. */
export function pathTo(name: RouteName): string {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named "${name}" in src/routes.ts`);
  return route.path;
}

/** A route's path and the text a link to it shows (its short label, else its title). */
export function linkTo(name: RouteName): { path: string; label: string } {
  const route = routeFor(pathTo(name));
  return { path: route.path, label: route.navLabel ?? route.title };
}

/** The page of one announcement (announcement pages come from content, not from this table). */
export function announcementPath(slug: string): string {
  return `${pathTo("announcements")}${slug}/`;
}

/** The page of one event (event pages come from content, not from this table). */
export function eventPath(slug: string): string {
  return `${pathTo("events")}${slug}/`;
}

/** The news feed (RSS 2.0): the listed announcements and the upcoming events (src/node/feed.ts). */
export const FEED_PATH = "/rss.xml";
/** The feed's title, in the feed and in every page's link to it. */
export const feedTitle = (siteName: string) => `${siteName}: news and events`;

/** An event's calendar file, next to its page: "/events/crossfit-open-2027.ics". */
export function eventCalendarPath(slug: string): string {
  return `${pathTo("events")}${slug}.ics`;
}

/** The page of one day's workout: "/wod/2026-11-25/". */
export function wodPath(date: string): string {
  return `${pathTo("wod")}${date}/`;
}
