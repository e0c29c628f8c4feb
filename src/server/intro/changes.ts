import { openSlots, type IntroSlot } from "../../intro/availability";
import { intro } from "../content";
import { personName } from "../forms/fields";
import type { Attendance } from "../../desk/leads";
import { type IntroStore, isSlotTaken } from "./types";
import { whenLabel } from "../../time/labels";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

/**
 * What staff do to a free intro, one implementation for every front door (the console's
 * /api/staff/intros and the CLI's `intro cancel`). Each returns the sentence to show, or throws an
 * IntroError whose sentence says what is wrong and whose status the console answers with.
 */
export class IntroError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = "IntroError";
  }
}

const noBooking = (id: string) => new IntroError(404, `No free-intro booking has the reference ${id}.`);
const wasCancelled = (id: string) => new IntroError(409, `${id} is cancelled: book a new intro instead.`);

/** Who booked, as staff know them: the visitor's name and the reference ("Kai Lee (B-88KFGBHP8W)"), or the reference alone. */
async function visitor(store: IntroStore, id: string): Promise<string> {
  const submission = await store.get(id);
  const name = submission ? personName(submission.payload) : "";
  return name ? `${name} (${id})` : id;
}

/** Cancels a booking; its lead comes up for a call today (`by`: who cancelled it). */
export async function cancelIntro(store: IntroStore, id: string, now: Date, by: string): Promise<string> {
  const result = await store.cancelBooking(id, now, { on: zonedToday(now).date, by });
  if (result === "not-found") throw noBooking(id);
  const who = await visitor(store, id);
  return result === "cancelled"
    ? `Cancelled the intro of ${who}: its time is open for booking again.`
    : `The intro of ${who} was already cancelled.`;
}

/** Attended, or a no-show, which puts the lead up for a call today (at the gym). */
export async function markIntro(store: IntroStore, id: string, attendance: Attendance, by: string, now: Date): Promise<string> {
  const followUpOn = zonedToday(now).date;
  const result = await store.markAttendance(id, attendance, { by, at: now, followUpOn });
  if (result === "not-found") throw noBooking(id);
  if (result === "cancelled") throw wasCancelled(id);
  const who = await visitor(store, id);
  if (result === "not-started") {
    const start = (await store.get(id))?.payload.start;
    const when = typeof start === "string" ? ` (${whenLabel(start)})` : "";
    throw new IntroError(409, `The intro of ${who} has not started yet${when}: mark Came or No-show once it has.`);
  }
  return attendance === "attended" ? `${who} came to the intro.` : `${who} did not come: the lead is up for follow-up today.`;
}

/** The times a booking may move to: those the booking page offers now (src/intro/availability.ts). */
export async function openIntroSlots(store: IntroStore, now: Date): Promise<IntroSlot[]> {
  return openSlots(intro, now, await store.takenSlots(now));
}

/** Moves a booking to an open time (`start`, an ISO instant; `coach` picks among coaches free then). */
export async function rescheduleIntro(store: IntroStore, id: string, start: string, coach: string | undefined, now: Date): Promise<string> {
  const candidates = (await openIntroSlots(store, now)).filter((slot) => slot.start === start && (!coach || slot.coach === coach));
  if (candidates.length === 0) throw new IntroError(422, "That time is not open. Choose one of the times listed.");
  for (const slot of candidates) {
    try {
      const result = await store.rescheduleBooking(id, { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end) }, now);
      if (result === "not-found") throw noBooking(id);
      if (result === "cancelled") throw wasCancelled(id);
      const who = await visitor(store, id);
      return `The intro of ${who} moved to ${whenLabel(slot.start)} with ${slot.coach}. An e-mail tells them the new time.`;
    } catch (error) {
      if (!isSlotTaken(error)) throw error;
    }
  }
  throw new IntroError(409, "Someone has just booked that time. Choose another one.");
}

/** The start of today at the gym: the console lists today's intros too, so staff can mark who came. */
export const startOfGymDay = (now: Date): Date => zonedInstant(zonedToday(now).date, 0);
