import { kidsTrialSchema } from "../../forms/kidsTrial/schema";
import { kidsTrialSent } from "../../forms/kidsTrial/sent";
import { KIDS_TRIAL_FIELDS, KIDS_TRIAL_START, kidsTrialPayload } from "../../forms/kidsTrial/values";
import { pathTo } from "../../routes";
import type { TrialClass } from "../../schedule/trialClasses";
import type { Booking, BookingRequest, Checked, FieldProblems, FormDefinition, Insert, Refusal } from "../forms/form";
import { plainForm } from "../forms/form";
import type { InsertResult } from "../forms/types";
import { rateLimitKey } from "../http/clientAddress";
import { returnBookingPoint, takeBookingPoint } from "../http/rateLimit";
import { errorSummary } from "../log";
import { keptPage, pageChanged } from "../process/keptPage";
import { mailEnabled } from "../process/settings";
import type { Limits } from "../store/limiter";
import { CLASSES_UNAVAILABLE, classLabel, offeredClasses, openClasses } from "./classes";
import { isClassFull, type KidsTrialStore } from "./types";

export const NOT_OFFERED = "That class is no longer open for booking. Choose one of the classes shown.";
const BOOKED_ENOUGH = "This connection has booked several classes today. Please call us to book another.";

/** The name the kept page and its changes go by (process/keptPage.ts). */
const PAGE = "kids-trial";

/** The seats changed in this process: the page without JavaScript is made anew. */
export const seatsChanged = () => pageChanged(PAGE);

/** What a stored booking's page says, from its payload; nothing when the page does not know it. */
function sentFacts(stored: Readonly<Record<string, unknown>> | undefined) {
  const start = stored?.start;
  if (typeof start !== "string" || Number.isNaN(Date.parse(start))) return {};
  return {
    when: classLabel(start),
    ...(typeof stored?.coach === "string" ? { coach: stored.coach } : {}),
    ...(typeof stored?.childName === "string" ? { childName: stored.childName } : {}),
  };
}

/**
 * The kids' trial class's form (the forms' handler runs it, forms/handler.ts): its class must be one
 * offered now, and the submission takes a seat in it. Its page has no classes built in: a parent
 * without JavaScript gets them from the store, the page kept a few seconds (process/keptPage.ts).
 */
export const kidsTrialForm: FormDefinition<KidsTrialStore> = {
  form: "kids-trial",
  schema: () => kidsTrialSchema,
  book: bookSeat,
  plain: plainForm({
    page: pathTo("kidsTrial"),
    start: KIDS_TRIAL_START,
    fieldOrder: KIDS_TRIAL_FIELDS,
    payload: kidsTrialPayload,
    sent: (stored) => kidsTrialSent({ ...sentFacts(stored), confirmation: mailEnabled() }),
    times: { read: (store) => openClasses(store), unavailable: CLASSES_UNAVAILABLE, keep: (make) => keptPage(PAGE, make) },
  }),
};

function bookSeat(checked: Checked, now: Date): FieldProblems | Booking<KidsTrialStore> {
  const offered = offeredClasses(now).find((offer) => offer.start === checked.data.start);
  if (!offered) return { problems: { start: NOT_OFFERED } };
  return { store: (insert, request) => storeSeat(offered, checked, insert, request) };
}

/**
 * The 409 for a class just filled: which one, and the classes still open (the page shows them too, read
 * anew), so nine of ten parents racing for a last seat are offered another at once.
 */
async function fullAnswer(offered: TrialClass, store: () => Promise<KidsTrialStore>): Promise<Refusal> {
  const full = `Sorry, the last trial seat in the ${classLabel(offered.start)} class was just taken.`;
  let others: string;
  try {
    const open = (await openClasses(await store())).classes.filter((other) => other.left > 0);
    others =
      open.length > 0
        ? ` Still open: ${open.map((other) => `${other.label} (${other.left} ${other.left === 1 ? "seat" : "seats"})`).join("; ")}.`
        : " Every class of the next two weeks is full now: please call us.";
  } catch (error) {
    console.error(`Could not read the open kids classes for a full class's answer: ${errorSummary(error)}`);
    others = " Please choose another class.";
  }
  return { refused: { status: 409, error: `${full}${others}` }, at: "start" };
}

/**
 * Takes one of the connection's bookings for today (counted with the free intros' limit, apart from
 * them), then the seat, and the database says who got it. The point goes back when nothing was booked.
 * Spam takes no seat: it is stored and answered as a booking is.
 */
async function storeSeat(
  offered: TrialClass,
  { payload, spam }: Checked,
  insert: Insert,
  { limits, store, address, notify }: BookingRequest<KidsTrialStore>,
): Promise<InsertResult | Refusal> {
  const key = `kids-trial:${rateLimitKey(address, 56)}`;
  const point = spam ? "uncounted" : await takeBooking(limits, key);
  if (point === "refused") return { refused: { status: 429, error: BOOKED_ENOUGH } };
  const giveBack = () => (point === "taken" ? returnBooking(limits, key) : Promise.resolve());
  const email = String(payload.email);
  const fields = { ...payload, end: offered.end, ...(offered.coach ? { coach: offered.coach } : {}) };
  try {
    const stored = await insert(
      fields,
      spam
        ? undefined
        : { seat: { classStart: new Date(offered.start), classEnd: new Date(offered.end), seats: offered.seats, email }, confirm: notify },
    );
    // The same send again booked nothing: its point goes back.
    if (stored.repeatOf) await giveBack();
    seatsChanged();
    return stored;
  } catch (error) {
    await giveBack();
    if (!isClassFull(error)) throw error;
    // Another process filled it: a page kept here may still offer it.
    seatsChanged();
    return fullAnswer(offered, store);
  }
}

/** "taken", "refused" when the day's bookings are used up, or "uncounted" when the store cannot count (never our fault the visitor's). */
async function takeBooking(limits: () => Promise<Limits>, key: string): Promise<"taken" | "refused" | "uncounted"> {
  try {
    return (await takeBookingPoint(await limits(), key)) ? "taken" : "refused";
  } catch (error) {
    console.error(`Could not count a kids' trial booking against the daily limit: ${errorSummary(error)}`);
    return "uncounted";
  }
}

async function returnBooking(limits: () => Promise<Limits>, key: string): Promise<void> {
  try {
    await returnBookingPoint(await limits(), key);
  } catch (error) {
    console.error(`Could not give back a kids' trial booking's daily count: ${errorSummary(error)}`);
  }
}
