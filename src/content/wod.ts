import { addDays } from "./dates";

/**
 * Which workout of the day a visitor sees. The build ships the workouts up to the day after its own
 * ("built", "next"); the browser shows the one for the gym's day, so a workout posted ahead appears at
 * midnight in Graham without waiting for a build, and never sooner. The day is told by comparing the
 * clock with the instants the gym's next two days begin, worked out at build time in the gym's zone:
 * the page's inline script (`wodDayScript`) does it before the first paint, so the wrong day never
 * flashes, and the page component does it again after a client-side navigation. Pure.
 */

export interface WodDays {
  /** The build's day at the gym (YYYY-MM-DD). */
  built: string;
  /** The day after it, whose workout the build carries but shows only once that day has begun. */
  next: string;
  /** When `next` begins at the gym (epoch ms). */
  nextFrom: number;
  /** When the day after `next` begins: past it, this build has no workout for today. */
  laterFrom: number;
}

export type WodDayState = "built" | "next" | "later";

/** The attribute on <html> that the page's styles read to show the day's workout. */
export const WOD_DAY_ATTRIBUTE = "data-wod-day";

/** The days a build made on `built` covers, with the instants they begin (`startOf` knows the gym's zone). */
export function wodDays(built: string, startOf: (date: string) => number): WodDays {
  const next = addDays(built, 1);
  return { built, next, nextFrom: startOf(next), laterFrom: startOf(addDays(built, 2)) };
}

/** The gym's day at `now` relative to the build. A clock behind the build's day gets the build's day. */
export function wodDayState(now: number, days: Pick<WodDays, "nextFrom" | "laterFrom">): WodDayState {
  return now >= days.laterFrom ? "later" : now >= days.nextFrom ? "next" : "built";
}

/**
 * The inline script that sets the attribute before the page paints: `wodDayState` written out for
 * the browser (tests/unit/content/wod.test.ts runs it against the function). Its hash is in the page's CSP.
 */
export function wodDayScript(days: Pick<WodDays, "nextFrom" | "laterFrom">): string {
  return (
    `(function(n){document.documentElement.setAttribute(${JSON.stringify(WOD_DAY_ATTRIBUTE)},` +
    `n>=${days.laterFrom}?"later":n>=${days.nextFrom}?"next":"built")})(Date.now())`
  );
}

export const WOD_DAY_STATES: readonly WodDayState[] = ["built", "next", "later"];

/** How many earlier workouts a page lists under the day's own. */
export const EARLIER_COUNT = 7;

export interface WodListing<T> {
  /** The workout shown as the day's own in each state; undefined when none is posted for that day. */
  today: Record<WodDayState, T | undefined>;
  /** The earlier workouts listed below it, newest first, each with the states it is listed in. */
  earlier: Array<{ wod: T; states: WodDayState[] }>;
}

/**
 * What a page shows in each state: the workout dated on the gym's day and the `EARLIER_COUNT` before
 * it. Past the next day ("later") there is no workout for today in this build, and the list stops at
 * the build's day, the last one with a page of its own. Any order in, newest first out.
 */
export function wodListing<T extends { date: string }>(wods: readonly T[], days: Pick<WodDays, "built" | "next">): WodListing<T> {
  const newestFirst = [...wods].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const dayOf: Record<WodDayState, string | undefined> = { built: days.built, next: days.next, later: undefined };
  // Listed below the day's own: everything before it, and on a later day everything up to the build's day.
  const before: Record<WodDayState, string> = { built: days.built, next: days.next, later: days.next };
  const listedIn = (state: WodDayState) => new Set(newestFirst.filter((wod) => wod.date < before[state]).slice(0, EARLIER_COUNT));
  const lists = WOD_DAY_STATES.map((state) => [state, listedIn(state)] as const);
  return {
    today: {
      built: newestFirst.find((wod) => wod.date === dayOf.built),
      next: newestFirst.find((wod) => wod.date === dayOf.next),
      later: undefined,
    },
    earlier: newestFirst
      .map((wod) => ({ wod, states: lists.filter(([, listed]) => listed.has(wod)).map(([state]) => state) }))
      .filter((entry) => entry.states.length > 0),
  };
}
