import path from "node:path";
import type { Actions, CreatePagesArgs } from "gatsby";
import { listedAnnouncements } from "../content/announcements";
import { addDays } from "../content/dates";
import { hasPassed, upcomingEvents } from "../content/eventTimes";
import { wodDays } from "../content/wod";
import {
  announcementPath,
  eventPath,
  pathTo,
  routes,
  wodPath,
  type EventPageContext,
  type RoutePageContext,
  type TemplateName,
  type WodPageContext,
} from "../routes";
import { zonedToday } from "../time/today";
import { startOfZonedDay, utcOffsets, zonedIso } from "../time/wallClock";
import { PRIVACY_CONFIRM_PATH } from "../forms/privacyConfirmPath";
import { INTRO_CANCEL_PATH } from "../intro/cancelPath";
import { KIDS_TRIAL_CANCEL_PATH } from "../schedule/trialCancelPath";
import { staffPaths } from "../desk/paths";
import { buildNow } from "./buildClock";
import { loadCheckedContent } from "./contentChecks";

export function templatePath(template: TemplateName | "announcement"): string {
  return path.resolve(`src/templates/${template}.tsx`);
}

/** How far ahead the browser's table of the gym's UTC offsets reaches; past it, the browser asks Intl. */
const OFFSET_TABLE_DAYS = 400;

interface AnnouncementQuery {
  announcements: { nodes: Array<{ slug: string; date: string; expires: string | null }> };
}

export async function createAllPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
  const result = await graphql<AnnouncementQuery>(`
    query AllAnnouncementsForPages {
      announcements: allAnnouncement {
        nodes {
          slug
          date(formatString: "YYYY-MM-DD")
          expires(formatString: "YYYY-MM-DD")
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load announcements to create pages", result.errors);
    return;
  }
  // The same checked content onPreBootstrap validated, so "today" is in the zone the content names.
  const { content } = loadCheckedContent();
  if (!content) {
    reporter.panicOnBuild("Content changed during the build; build again.");
    return;
  }
  const { announcements } = result.data;
  const now = buildNow();
  const { date: today, day: weekday } = zonedToday(now);
  // From a day before the build (a visitor's clock may be a little behind) to over a year after it.
  const offsets = utcOffsets(new Date(now.getTime() - 86_400_000), OFFSET_TABLE_DAYS);
  const entries = announcements.nodes.map((node) => ({ slug: node.slug, date: node.date, expires: node.expires ?? undefined }));
  const listed = listedAnnouncements(entries, today).map((entry) => entry.slug);

  const events = content.events.map((event) => ({
    slug: event.slug,
    start: event.data.start,
    end: event.data.end,
    signUpOpens: event.data.signUpOpens,
  }));
  const upcoming = upcomingEvents(events, today).map((event) => event.slug);

  const shared = { today, weekday, utcOffsets: offsets, listed, upcoming };
  // /wod/ carries the next day's workout too and shows it once that day begins at the gym (src/content/wod.ts).
  const days = wodDays(today, startOfZonedDay);
  createRoutePages(actions.createPage, shared, { before: addDays(days.next, 1), day: null, wodDays: days });
  // A day's own page only once its day has come: a workout posted ahead is not published before it.
  for (const { data } of content.wods) {
    if (data.date > today) continue;
    const context: RoutePageContext & WodPageContext = {
      routePath: pathTo("wod"),
      programKey: null,
      pageKey: null,
      ...shared,
      before: addDays(data.date, 1),
      day: data.date,
      wodDays: null,
    };
    actions.createPage({ path: wodPath(data.date), component: templatePath("wod"), context });
  }
  // The visitor's own cancel link (src/components/IntroCancel.tsx): the intro template, so no new page component.
  const intro = routes.find((route) => route.name === "intro");
  if (intro) {
    actions.createPage({
      path: INTRO_CANCEL_PATH,
      component: templatePath("intro"),
      context: { routePath: intro.path, programKey: null, pageKey: null, ...shared, cancel: true },
    });
  }
  // A parent's own cancel link for a kids' trial seat (src/components/kids/KidsTrialCancel.tsx): the trial's template.
  const kidsTrial = routes.find((route) => route.name === "kidsTrial");
  if (kidsTrial) {
    actions.createPage({
      path: KIDS_TRIAL_CANCEL_PATH,
      component: templatePath("kidsTrial"),
      context: { routePath: kidsTrial.path, programKey: null, pageKey: null, ...shared, cancel: true },
    });
  }
  // Where a privacy request is confirmed with its mailed link (src/components/PrivacyConfirm.tsx): the request's template.
  const privacyRequest = routes.find((route) => route.name === "privacyRequest");
  if (privacyRequest) {
    actions.createPage({
      path: PRIVACY_CONFIRM_PATH,
      component: templatePath("privacyRequest"),
      context: { routePath: privacyRequest.path, programKey: null, pageKey: null, ...shared, confirm: true },
    });
  }
  for (const [screen, pagePath] of Object.entries(staffPaths)) {
    actions.createPage({ path: pagePath, component: path.resolve("src/staff/StaffPage.tsx"), context: { screen } });
  }
  // Every event keeps its page after it has passed (links to it keep working); the page says so.
  for (const event of events) {
    const context: EventPageContext = {
      routePath: pathTo("events"),
      programKey: null,
      pageKey: null,
      ...shared,
      // An event's page shows that event only: the list's slugs would only weigh on its page data.
      upcoming: [],
      slug: event.slug,
      passed: hasPassed(event, today),
      startIso: zonedIso(event.start),
      endIso: event.end ? zonedIso(event.end) : null,
      // Told only while it is still to come (after the build's day): then sign-up is simply open.
      signUpOpensIso: event.signUpOpens && event.signUpOpens.slice(0, 10) > today ? zonedIso(event.signUpOpens) : null,
    };
    actions.createPage({ path: eventPath(event.slug), component: templatePath("events"), context });
  }
  for (const { slug } of entries) {
    actions.createPage({
      path: announcementPath(slug),
      component: templatePath("announcement"),
      context: { slug },
    });
  }
}

function createRoutePages(
  createPage: Actions["createPage"],
  shared: Pick<RoutePageContext, "today" | "weekday" | "utcOffsets" | "listed" | "upcoming">,
  wod: WodPageContext,
): void {
  for (const route of routes) {
    const context: RoutePageContext | (RoutePageContext & WodPageContext) = {
      routePath: route.path,
      programKey: route.programKey ?? null,
      pageKey: route.pageKey ?? null,
      ...shared,
      ...(route.template === "wod" ? wod : {}),
    };
    createPage({ path: route.path, component: templatePath(route.template), context });
  }
}
