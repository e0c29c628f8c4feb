import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { openSlots, type IntroSlot } from "../../intro/availability";
import { slotsByDay, type DaySlots } from "../../intro/display";
import { intro } from "../content";
import { apiHeaders, type Runtime } from "../http/pipeline";
import { errorSummary } from "../log";
import { serverNow } from "../process/settings";
import type { BookingOperations } from "./types";
import { zoneName } from "../../time/labels";
import { GYM_ZONE } from "../../time/zone";

/**
 * A few seconds in the browser's own cache absorb reloads; a booked slot is gone from the list within
 * that time, and a visitor who picks it anyway gets a 409 and a fresh list. Private, so no CDN keeps
 * a list that the refresh after a 409 could not get past.
 */
export const INTRO_SLOTS_CACHE_CONTROL = "private, max-age=15";

/**
 * GET /api/intro-slots: the open free-intro slots, { timeZone, zone, slots: [{ start, end, coach }],
 * days }: `days` groups the start times by day in the gym's zone with the labels the booking page
 * shows (src/intro/display.ts), and `zone` names the zone ("Pacific Time").
 */
export async function introSlots(
  runtime: Runtime<BookingOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
): Promise<void> {
  apiHeaders(res);
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ error: "Ask for the open times with GET." });
    return;
  }
  let offer: OpenTimes;
  try {
    offer = await openTimes(await runtime.store());
  } catch (error) {
    console.error(`Could not read the intro bookings: ${errorSummary(error)}`);
    res.status(503).json({ error: SLOTS_UNAVAILABLE });
    return;
  }
  res.setHeader("Cache-Control", INTRO_SLOTS_CACHE_CONTROL);
  res.status(200).json({ timeZone: GYM_ZONE, ...offer });
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
