import type { Kysely } from "kysely";
import type { Codec } from "../store/dialect";
import { queueMessage } from "../outbox/store";
import type { Database, OutboxKind } from "../store/schema";
import { mayText } from "../texts/consentLedger";
import type { ConsentState } from "../texts/types";
import { INTRO_REMINDERS, type IntroReminder } from "./types";

/**
 * How an intro's reminders, and the offer of a new time after a missed one (noShow.ts), reach the
 * visitor: by text where they agreed to texts, else by e-mail. Decided as each message goes, not when
 * it was queued (intro/reminderTexts.ts asks here), so a number that texted STOP after booking is
 * reminded by e-mail, and one whose consent was restored (START) by text.
 */
export type ReminderChannel = "email" | "text";

/**
 * The one place that decides a reminder's channel: by text when the site texts (`texting`: Twilio is
 * set up), the visitor ticked "Text me about my enquiry" on the booking (its payload's textConsent,
 * with the phone it gave), and that number's consent stands in the ledger now (`consent`, read as the
 * message goes); by e-mail otherwise.
 */
export function reminderChannel(
  payload: Readonly<Record<string, unknown>>,
  consent: ConsentState | undefined,
  texting: boolean,
): ReminderChannel {
  const agreed = payload.textConsent === true && typeof payload.phone === "string" && payload.phone !== "";
  return texting && agreed && consent !== undefined && consent.phone === payload.phone && mayText(consent) ? "text" : "email";
}

/**
 * The outbox's kind of a reminder, and of a no-show's offer, whichever channel it goes by: the channel
 * is chosen as it goes, so a cancel, a new time or a mark changed to Came drops it by its kind alone,
 * and its outbox row is what makes it go exactly once.
 */
export const REMINDER_KIND: OutboxKind = "reminder";
export const OFFER_KIND: OutboxKind = "no-show-offer";

/** Every kind a reminder may be queued as: a cancel or a new time drops them all. */
export const REMINDER_KINDS: readonly OutboxKind[] = [REMINDER_KIND];
/** Every kind a no-show's offer may be queued as: a cancel, a new time or the mark changed to Came drops it. */
export const OFFER_KINDS: readonly OutboxKind[] = [OFFER_KIND];

/**
 * Queues the reminders of an intro starting at `start` in the caller's transaction, each due its
 * INTRO_REMINDERS time before; none that would be due less than its margin after `at` (the visitor has
 * just been told). The outbox's own sent status is what makes each go exactly once.
 */
export async function queueReminders(
  trx: Kysely<Database>,
  codec: Codec,
  booking: { id: string },
  start: Date,
  at: Date,
  cancelToken: string,
): Promise<void> {
  for (const [reminder, { beforeMs, marginMs }] of Object.entries(INTRO_REMINDERS) as Array<
    [IntroReminder, (typeof INTRO_REMINDERS)[IntroReminder]]
  >) {
    const dueAt = new Date(start.getTime() - beforeMs);
    if (dueAt.getTime() < at.getTime() + marginMs) continue;
    await queueMessage(trx, codec, booking.id, REMINDER_KIND, at, { data: { cancelToken, reminder }, dueAt });
  }
}
