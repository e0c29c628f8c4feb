import type { Kysely } from "kysely";
import { addDays, daysBetween, minutes, weekdayOf } from "../../content/dates";
import { hoursOn } from "../../content/hours";
import { closedDays, site } from "../content";
import type { MessageSettings } from "../outbox/delivery";
import { queueMessage } from "../outbox/store";
import type { ClaimedMessage } from "../outbox/types";
import type { Codec } from "../store/dialect";
import type { Database } from "../store/schema";
import { OFFER_KIND } from "./reminders";
import { byText, type ReminderTextStore } from "./reminderTexts";
import type { IntroOperations } from "./types";
import { zonedToday } from "../../time/today";
import { zonedInstant } from "../../time/wallClock";

/**
 * The offer of a new time to a visitor who missed their free intro (marked No-show by staff): one
 * message, the morning after, by text where the visitor agreed to texts (reminderTexts.ts) or else by
 * e-mail, queued with the mark (intro/store.ts) and looked at again as it goes.
 */

/** A morning ends at noon, or when the gym closes if that is earlier (Saturday's 11:00). */
const NOON = 12 * 60;
/** How far ahead a morning is looked for: past any run of closed days the gym's hours can have. */
const DAYS_LOOKED = 14;

/**
 * The gym's morning of the day `date` (YYYY-MM-DD, at the gym): from its first opening to noon, or to
 * that opening's closing if earlier; none when it is closed all day (by its hours, or a holiday of
 * content/intro.json's blackouts) or opens only after noon.
 */
export function morningOf(date: string): { start: Date; end: Date } | undefined {
  if (closedDays.includes(date)) return undefined;
  const [first] = [...hoursOn(site, weekdayOf(date))].sort((a, b) => minutes(a.opens) - minutes(b.opens));
  if (!first || minutes(first.opens) >= NOON) return undefined;
  return { start: zonedInstant(date, minutes(first.opens)), end: zonedInstant(date, Math.min(NOON, minutes(first.closes))) };
}

/**
 * When the offer goes: the first morning of a day after the intro's (at the gym: a Saturday intro's is
 * Monday's, the gym being closed on Sunday; a holiday is passed over) that has not ended when staff
 * mark the no-show; at once if they mark it during that morning. Undefined when no morning comes
 * within DAYS_LOOKED days.
 */
export function offerMorning(introStart: Date, markedAt: Date): { day: string; dueAt: Date } | undefined {
  const introDay = zonedToday(introStart).date;
  const from = Math.max(1, daysBetween(introDay, zonedToday(markedAt).date));
  for (let ahead = from; ahead < from + DAYS_LOOKED; ahead += 1) {
    const day = addDays(introDay, ahead);
    const morning = morningOf(day);
    if (!morning || morning.end.getTime() <= markedAt.getTime()) continue;
    return { day, dueAt: new Date(Math.max(morning.start.getTime(), markedAt.getTime())) };
  }
  return undefined;
}

/**
 * Queues the offer of a booking marked No-show, in the mark's transaction, due offerMorning's time (by
 * text or e-mail, decided as it goes: reminderTexts.ts): once per booking, the partial unique index of
 * migration 20 says so even when the mark is changed and made again, so a visitor is never sent it twice.
 */
export async function queueNoShowOffer(trx: Kysely<Database>, codec: Codec, booking: { id: string; start: Date }, at: Date): Promise<void> {
  const morning = offerMorning(booking.start, at);
  if (!morning) return;
  await queueMessage(trx, codec, booking.id, OFFER_KIND, at, { data: { day: morning.day }, dueAt: morning.dueAt, once: true });
}

/**
 * Looked at as the offer goes, not only when it was queued: not after its morning (a mail outage past
 * noon), and not when the booking's reasons for it have gone (intro/store.ts noShowOfferStale: the mark
 * changed to Came, the person booked again, or asked for their data to be deleted).
 */
export async function prepareNoShowOffer(
  store: Pick<IntroOperations, "noShowOfferStale"> & ReminderTextStore,
  message: ClaimedMessage,
  settings: MessageSettings,
): Promise<ClaimedMessage | { dropped: string } | { wait: Date }> {
  const id = message.submission?.id;
  if (id === undefined) return { dropped: "its submission is gone" };
  const morning = morningOf(message.data?.day ?? zonedToday(message.createdAt).date);
  // Closed since it was queued (a holiday added): the visitor still has the gym's phone in earlier mails.
  if (!morning) return { dropped: "the gym is closed that day" };
  if (settings.now.getTime() >= morning.end.getTime()) return { dropped: "its morning has passed" };
  const stale = await store.noShowOfferStale(id);
  if (stale) return { dropped: stale };
  // By text, it may wait for 8 am within its morning (the gym opens at 5:00 on weekdays).
  return byText(store, message, settings, { latest: new Date(morning.end.getTime() - 1), automation: "no-show-offer" });
}
