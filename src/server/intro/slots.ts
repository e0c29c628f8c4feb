import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { openSlots, type IntroSlot } from "../../intro/availability";
import { slotsByDay, type DaySlots } from "../../intro/display";
import { intro } from "../content";
import { answerOpenNow, type Runtime } from "../http/pipeline";
import { serverNow } from "../process/settings";
import type { BookingOperations } from "./types";
import { zoneName } from "../../time/labels";
import { GYM_ZONE } from "../../time/zone";

/**
 * GET /api/intro-slots: the open free-intro slots, { timeZone, zone, slots: [{ start, end, coach }],
 * days }: `days` groups the start times by day in the gym's zone with the labels the booking page
 * shows (src/intro/display.ts), and `zone` names the zone ("Pacific Time").
 */
export function introSlots(runtime: Runtime<BookingOperations>, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return answerOpenNow(runtime, req, res, {
    what: "the open times",
    stored: "the intro bookings",
    unavailable: SLOTS_UNAVAILABLE,
    read: async (store) => ({ timeZone: GYM_ZONE, ...(await openTimes(store)) }),
  });
}

export const SLOTS_UNAVAILABLE = "We could not load the open times just now. Please try again in a minute, or call us.";

export interface OpenTimes {
  zone: string;
  slots: IntroSlot[];
  days: DaySlots[];
}

/** The open times now, from the store's bookings: for the page's script, and for the page without it. */
export async function openTimes(store: BookingOperations): Promise<OpenTimes> {
  const now = serverNow();
  const taken = await store.takenSlots(now);
  const slots = openSlots(intro, now, taken);
  return { zone: zoneName(), slots, days: slotsByDay(slots) };
}
