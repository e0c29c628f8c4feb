import introJson from "../../content/intro.json";
import policiesJson from "../../content/policies.json";
import privacyJson from "../../content/privacy.json";
import ratesJson from "../../content/rates.json";
import scheduleJson from "../../content/schedule.json";
import siteJson from "../../content/site.json";
import visitJson from "../../content/visit.json";
import waiverJson from "../../content/waiver.json";
import { arrivalFacts, firstVisitFacts } from "../content/firstVisit";
import { dropInPlan } from "../content/rates";
import {
  introSchema,
  policiesSchema,
  privacySchema,
  ratesSchema,
  scheduleSchema,
  siteSchema,
  visitSchema,
  waiverSchema,
} from "../content/schemas";
import { classDays } from "../forms/dropIn/rules";
import { answerDueDate } from "../forms/privacyRequest/rules";
import { publishedWaiver } from "./waiver";
import { zonedToday } from "../time/today";

/**
 * The content the form rules depend on, from the same files the pages are built from (and checked by
 * the same schemas), so the server enforces exactly what the visitor was shown: bundled into each
 * function at build time on Netlify, read from the built checkout at start by the production server.
 */
export const site = siteSchema.parse(siteJson);
export const rates = ratesSchema.parse(ratesJson);
export const policies = policiesSchema.parse(policiesJson);
export const intro = introSchema.parse(introJson);
export const privacy = privacySchema.parse(privacyJson);
/** The weekly classes; the kids classes' trial seats are booked by parents (kids/). */
export const schedule = scheduleSchema.parse(scheduleJson);
/** What only staff know of a first visit: parking, the door, what a child brings to a trial class. */
export const visit = visitSchema.parse(visitJson);
/** The waiver this build shows, with its version (the hash sign-ups store). */
export const waiver = publishedWaiver(waiverSchema.parse(waiverJson));
/**
 * The account's intro coach (staff_accounts.intro_coach) while content/intro.json still names them; a
 * coach taken off it since is none, on Your settings and the Intros screen alike.
 */
export const currentIntroCoach = (name: string | null | undefined): string | null =>
  intro.coaches.find((coach) => coach.name === name)?.name ?? null;
/** The gym's closed days (holidays): a day the free intros' calendar closes for everyone, not for one coach. */
export const closedDays: readonly string[] = intro.blackouts
  .filter((blackout) => blackout.coach === undefined)
  .map((blackout) => blackout.date);
/** The weekdays a visitor can drop in: those with a class of the drop-in plan's program. */
export const dropInDays = classDays(schedule.slots, dropInPlan(rates.plans).program);
/**
 * Where to go, what to bring and what happens at a free intro, in the first-visit block's words (the
 * intro page shows the same): the intro's confirmation lists them on its page and in its e-mails.
 */
export const arrival = arrivalFacts(firstVisitFacts({ site, visit, intro, plans: rates.plans, policies })).map(({ label, text, link }) => ({
  label,
  text,
  ...(link && { link }),
}));

/**
 * The last day to answer a privacy request confirmed at `confirmedAt` (the time to answer starts when its
 * person confirms it), a date at the gym: the rule the form, the confirm page, the staff alert and the console share.
 */
export function requestDueDate(confirmedAt: Date): string {
  return answerDueDate(zonedToday(confirmedAt).date, privacy.requestResponseDays);
}
