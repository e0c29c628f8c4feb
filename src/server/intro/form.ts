import { introSchema } from "../../forms/intro/schema";
import { introSent } from "../../forms/intro/sent";
import { INTRO_FIELDS, INTRO_START, introPayload } from "../../forms/intro/values";
import { expandSlots, type IntroSlot } from "../../intro/availability";
import { pathTo } from "../../routes";
import { arrival, intro } from "../content";
import type { Booking, BookingRequest, Checked, FieldProblems, FormDefinition, Insert, Refusal } from "../forms/form";
import { plainForm } from "../forms/form";
import type { InsertResult, SubmissionOperations } from "../forms/types";
import { rateLimitKey } from "../http/clientAddress";
import { returnBookingPoint, takeBookingPoint } from "../http/rateLimit";
import { errorSummary } from "../log";
import { mailEnabled } from "../process/settings";
import type { Limits } from "../store/limiter";
import { answerOf, outcomeOf, phoneShown } from "./outcome";
import { openTimes, SLOTS_UNAVAILABLE } from "./slots";
import { openTimesChanged, openTimesPage } from "./timesPage";
import { type BookingOperations, isAlreadyBooked, isSlotTaken } from "./types";

export const NOT_OFFERED = "That time is no longer open for booking. Choose one of the times shown.";
export const JUST_TAKEN = "Sorry, someone has just booked that time. Please choose another one.";
/** Kept with a request from an address that already has an upcoming intro, for the staff who read it. */
export const ALREADY_BOOKED_NOTE = "This address already had an upcoming free intro, so this time was not booked.";
const BOOKED_ENOUGH = "This connection has booked several free intros today. Please call us to book another.";

/** What the free intro's form asks of the store: its submissions, and the times already taken. */
export type IntroFormStore = SubmissionOperations & BookingOperations;

/** A stored field as text, or undefined. */
const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The free intro's form (the forms' handler runs it, forms/handler.ts): its time must be one offered now,
 * and the submission books it. Its page has no times built in: a visitor without JavaScript gets them
 * from the store, the page kept a few seconds (timesPage.ts). Its answer, and its confirmation page,
 * name the booking (the day, time and coach, and its calendar file) or say the address holds one
 * (outcome.ts, src/forms/intro/sent.ts).
 */
export const introForm: FormDefinition<IntroFormStore> = {
  form: "intro",
  schema: () => introSchema,
  book: bookIntro,
  answer: (fields, open) => answerOf(outcomeOf(fields, open)),
  plain: plainForm({
    page: pathTo("intro"),
    start: INTRO_START,
    fieldOrder: INTRO_FIELDS,
    payload: introPayload,
    // `confirmation` as the enhanced form's answer has it: whether this server e-mails visitors at all.
    sent: (stored, _today, open) =>
      introSent({
        outcome: stored && outcomeOf(stored, open),
        confirmation: mailEnabled(),
        email: textOf(stored?.email),
        phone: phoneShown(),
        arrival,
      }),
    times: { read: openTimes, unavailable: SLOTS_UNAVAILABLE, keep: (make) => openTimesPage(make) },
  }),
};

/**
 * The slots the submission asks for, in order of preference (one per coach free at that time): a time
 * not offered is a problem at its field (a send too fast to be a person's is then asked again, as every
 * form's is: forms/handler.ts). Spam takes no slot: it is stored and answered as a booking is (its
 * fields name the first coach offered).
 */
function bookIntro(checked: Checked, now: Date): FieldProblems | Booking {
  const offered = expandSlots(intro, now).filter((slot) => slot.start === checked.data.start);
  if (offered.length === 0) return { problems: { start: NOT_OFFERED } };
  return { store: (insert, request) => storeBooking(offered, checked, insert, request) };
}

/**
 * Takes one of the connection's free-intro bookings for today (a whole home's IPv6 block, /56, counts as
 * one connection here: the times are few), then tries each free coach in turn, and the database says
 * who got it. The point goes back when nothing was booked: the time was just taken (a 409), the address
 * already holds an intro, or the store failed.
 */
async function storeBooking(
  offered: readonly IntroSlot[],
  { payload, spam }: Checked,
  insert: Insert,
  { limits, address, notify }: BookingRequest,
): Promise<InsertResult | Refusal> {
  const key = rateLimitKey(address, 56);
  const point = spam ? "uncounted" : await takeBooking(limits, key);
  if (point === "refused") return { refused: { status: 429, error: BOOKED_ENOUGH } };
  // Once at most: a request that met an address's booking and then a store failure gives back one point.
  let pointHeld = point === "taken";
  const notBooked = async () => {
    if (!pointHeld) return;
    pointHeld = false;
    await returnBooking(limits, key);
  };
  const accepted = async (stored: InsertResult) => {
    // The same send again booked nothing: its point goes back.
    if (stored.repeatOf) await notBooked();
    openTimesChanged();
    return stored;
  };
  const email = String(payload.email);
  try {
    for (const slot of spam ? [undefined] : offered) {
      let stored: InsertResult;
      const { end, coach } = slot ?? offered[0]!;
      try {
        stored = await insert(
          { ...payload, end, coach },
          slot && { booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email }, confirm: notify },
        );
      } catch (error) {
        if (isSlotTaken(error)) continue;
        if (!isAlreadyBooked(error)) throw error;
        // One upcoming intro per address: the request is kept for staff, unbooked, and its answer says the
        // address holds one (src/forms/intro/sent.ts). The address itself is mailed the booking it holds.
        await notBooked();
        stored = await insert({ ...payload, note: ALREADY_BOOKED_NOTE }, { alreadyBooked: { email }, confirm: notify });
      }
      return await accepted(stored);
    }
  } catch (error) {
    await notBooked();
    throw error;
  }
  await notBooked();
  // Another process booked it: a list kept here may still offer it.
  openTimesChanged();
  return { refused: { status: 409, error: JUST_TAKEN }, at: "start" };
}

/**
 * Takes one of the connection's free-intro bookings for today, before the booking is tried: "taken",
 * "refused" when they are used up, or "uncounted" when the store cannot count (the booking then fails
 * the same way, or goes ahead: a visitor is never refused for our fault).
 */
async function takeBooking(limits: () => Promise<Limits>, key: string): Promise<"taken" | "refused" | "uncounted"> {
  try {
    return (await takeBookingPoint(await limits(), key)) ? "taken" : "refused";
  } catch (error) {
    console.error(`Could not count a booking against the daily limit: ${errorSummary(error)}`);
    return "uncounted";
  }
}

/** Gives the point back for a booking that did not happen. Never throws. */
async function returnBooking(limits: () => Promise<Limits>, key: string): Promise<void> {
  try {
    await returnBookingPoint(await limits(), key);
  } catch (error) {
    console.error(`Could not give back a booking's daily count: ${errorSummary(error)}`);
  }
}
