import type { Kysely } from "kysely";
import type { Codec } from "../store/dialect";
import { queueMessage } from "../outbox/store";
import type { Database, OutboxKind } from "../store/schema";
import { INTRO_REMINDERS, type IntroReminder } from "./types";

/**
 * How an intro's reminders, and the offer of a new time after a missed one (noShow.ts), reach the
 * visitor. E-mail only, today: a text goes where the visitor agreed to texts, once the site sends them,
 * and this is the one place that decides it.
 */
export type ReminderChannel = "email";

/** The channel of a booking's reminders, from its submission's payload (what the visitor agreed to). */
export function reminderChannel(_payload: Readonly<Record<string, unknown>>): ReminderChannel {
  return "email";
}

/** The outbox's kind for a reminder, and for the no-show's offer, by each channel. */
export const REMINDER_KIND: Record<ReminderChannel, OutboxKind> = { email: "reminder" };
export const OFFER_KIND: Record<ReminderChannel, OutboxKind> = { email: "no-show-offer" };

/** Every kind a reminder may be queued as: a cancel or a new time drops them all. */
export const REMINDER_KINDS: readonly OutboxKind[] = Object.values(REMINDER_KIND);
/** Every kind a no-show's offer may be queued as: a cancel, a new time or the mark changed to Came drops it. */
export const OFFER_KINDS: readonly OutboxKind[] = Object.values(OFFER_KIND);

/**
 * Queues the reminders of an intro starting at `start` in the caller's transaction, each due its
 * INTRO_REMINDERS time before, by the channel the booking's payload picks; none that would be due less
 * than its margin after `at` (the visitor has just been told). The outbox's own sent status is what
 * makes each go exactly once.
 */
export async function queueReminders(
  trx: Kysely<Database>,
  codec: Codec,
  booking: { id: string; payload: Readonly<Record<string, unknown>> },
  start: Date,
  at: Date,
  cancelToken: string,
): Promise<void> {
  const kind = REMINDER_KIND[reminderChannel(booking.payload)];
  for (const [reminder, { beforeMs, marginMs }] of Object.entries(INTRO_REMINDERS) as Array<
    [IntroReminder, (typeof INTRO_REMINDERS)[IntroReminder]]
  >) {
    const dueAt = new Date(start.getTime() - beforeMs);
    if (dueAt.getTime() < at.getTime() + marginMs) continue;
    await queueMessage(trx, codec, booking.id, kind, at, { data: { cancelToken, reminder }, dueAt });
  }
}
