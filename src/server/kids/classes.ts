import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { slotsByDay, type DaySlots } from "../../intro/display";
import { seatsLeftText, trialClasses, type TrialClass } from "../../schedule/trialClasses";
import { closedDays, schedule } from "../content";
import { answerOpenNow, type Runtime } from "../http/pipeline";
import { serverNow } from "../process/settings";
import type { TrialOperations } from "./types";
import { dayLabel, timeLabel, zoneName } from "../../time/labels";
import { GYM_ZONE } from "../../time/zone";

export const CLASSES_UNAVAILABLE = "We could not load the kids classes just now. Please try again in a minute, or call us.";

/** A trial class as the page lists it: its seats left, and how it reads ("Tuesday, December 1 at 4:00 PM"). */
export interface OfferedClass extends TrialClass {
  left: number;
  label: string;
}

/**
 * The classes a parent may book now, with their seats left: `classes` every one (full ones too, so the
 * page can say which filled up), `days` the ones with a seat left, grouped as the free intro's picker
 * groups its times (src/components/intro/SlotPicker.tsx), each time read with its seats left.
 */
export interface TrialOffer {
  zone: string;
  classes: OfferedClass[];
  days: DaySlots[];
}

/** "Tuesday, December 1 at 4:00 PM": a class in the gym's zone, as the page, the 409 and the mails say it. */
export function classLabel(start: string): string {
  return `${dayLabel(start)} at ${timeLabel(start)}`;
}

/** Every trial class the content offers now, booked or not. */
export function offeredClasses(now: Date): TrialClass[] {
  // A closed day (a holiday) has no classes.
  return trialClasses(schedule.slots, closedDays, now);
}

/** The classes now, with the seats the store says are taken: for the page's script, and for the page without it. */
export async function openClasses(store: TrialOperations, now = serverNow()): Promise<TrialOffer> {
  const taken = await store.takenSeats(now);
  const classes = offeredClasses(now).map((offered) => ({
    ...offered,
    left: Math.max(0, offered.seats - (taken.get(offered.start) ?? 0)),
    label: classLabel(offered.start),
  }));
  const open = classes.filter((offered) => offered.left > 0);
  const left = new Map(open.map((offered) => [offered.start, offered.left]));
  const days = slotsByDay(open).map((day) => ({
    ...day,
    times: day.times.map((time) => ({ ...time, label: `${time.label}, ${seatsLeftText(left.get(time.start) ?? 0).toLowerCase()}` })),
  }));
  return { zone: zoneName(), classes, days };
}

/**
 * GET /api/kids-trial-classes: the kids' trial classes of the next two weeks and their seats left,
 * { timeZone, zone, classes: [{ start, end, coach, seats, left, label }], days }, instants in UTC.
 */
export function kidsTrialClasses(
  runtime: Runtime<TrialOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): Promise<void> {
  return answerOpenNow(runtime, req, res, {
    what: "the classes",
    stored: "the kids' trial seats",
    unavailable: CLASSES_UNAVAILABLE,
    read: async (store) => ({ timeZone: GYM_ZONE, ...(await openClasses(store)) }),
  });
}
