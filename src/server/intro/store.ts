import type { Kysely } from "kysely";
import { hashToken, newToken } from "../staff/auth";
import type { Codec, Dialect } from "../store/dialect";
import { personFor, writeLead } from "../leads/store";
import { VISITOR } from "../leads/types";
import type { FormStep } from "../forms/types";
import { queueMessage } from "../outbox/store";
import { confirmedRecently, takeSlot, toBooking } from "./bookings";
import { toDate } from "../store/rows";
import type { Database, OutboxKind } from "../store/schema";
import type { OutboxData } from "../outbox/types";
import { addressKey } from "../../forms/addressKey";
import { OFFER_KINDS, REMINDER_KINDS, queueReminders } from "./reminders";
import { queueNoShowOffer } from "./noShow";
import { type CancelFollowUp, type CancelResult, type IntroOperations, SlotTakenError } from "./types";

/** A visitor's own cancel link: the raw token goes only into the mail, the store keeps its hash. */
export function mintCancelToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

/** Whether the visitor was (or is about to be) told of this booking: only then do they hear of changes. */
async function visitorTold(trx: Kysely<Database>, id: string, statuses: ReadonlyArray<"pending" | "sent" | "failed">): Promise<boolean> {
  const row = await trx
    .selectFrom("outbox")
    .select("id")
    .where("submission_id", "=", id)
    // A new-time mail replaces an unsent confirmation: either one means the visitor knows of the booking.
    .where("kind", "in", ["confirmation", "reschedule"])
    .where("status", "in", [...statuses])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Unsent mails about the booking as it was: each would tell the visitor a time that no longer holds (or,
 * a no-show's offer, offer one when the booking has been moved or cancelled).
 */
async function dropPendingMails(trx: Kysely<Database>, codec: Codec, id: string, at: Date): Promise<void> {
  await dropUnsent(trx, codec, id, ["confirmation", "reschedule", ...REMINDER_KINDS, ...OFFER_KINDS], at);
}

/**
 * Drops a booking's unsent messages of `kinds`, a failed one too (a retry of it after the change would
 * tell the visitor the old booking). A reminder or offer that was to go by text and waits (Twilio was
 * unavailable, or for 8 am) has its text written already (intro/reminderTexts.ts): that text is marked
 * not sent, so it never goes and the person's thread says why. One that went by text forgets its text,
 * so Twilio's later report that the text never arrived sends nothing about the booking as it was
 * (texts/textStore.ts queues the e-mail instead only for a message that still names its text).
 */
async function dropUnsent(trx: Kysely<Database>, codec: Codec, id: string, kinds: readonly OutboxKind[], at: Date): Promise<void> {
  await trx
    .updateTable("outbox")
    .set({ data: null })
    .where("submission_id", "=", id)
    .where("kind", "in", [...kinds])
    .where("status", "=", "sent")
    .execute();
  const rows = await trx
    .deleteFrom("outbox")
    .where("submission_id", "=", id)
    .where("kind", "in", [...kinds])
    .where("status", "in", ["pending", "failed"])
    .returning("data")
    .execute();
  const textIds = rows.flatMap((row) => {
    const textId = row.data === null ? undefined : (codec.payload(row.data) as OutboxData).textId;
    return textId === undefined ? [] : [textId];
  });
  if (textIds.length === 0) return;
  await trx
    .updateTable("texts")
    .set({ status: "not-sent", status_at: codec.time(at), error: "its intro was cancelled, moved or marked Came before it went" })
    .where("id", "in", textIds)
    .where("status", "=", "waiting")
    .execute();
}

/**
 * What follows a booking's cancellation in the caller's transaction: drops its unsent confirmation,
 * reminders and new-time mails, and, when the visitor had been mailed the booking, queues the
 * cancellation that removes it from their calendar (`sequence`: the booking's, already raised).
 */
async function afterCancel(trx: Kysely<Database>, codec: Codec, id: string, sequence: number, at: Date): Promise<void> {
  await dropPendingMails(trx, codec, id, at);
  if (await visitorTold(trx, id, ["sent", "failed"])) {
    await queueMessage(trx, codec, id, "cancellation", at, { data: { sequence } });
  }
}

/**
 * Cancels a booking in the caller's transaction: frees the slot, raises its SEQUENCE, and tells the
 * visitor as afterCancel does. The one implementation behind the console and the CLI.
 */
async function cancelIn(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockPeople">,
  id: string,
  at: Date,
  followUp?: CancelFollowUp,
): Promise<CancelResult> {
  const { codec } = dialect;
  const cancelled = await trx
    .updateTable("intro_bookings")
    .set((eb) => ({ cancelled_at: codec.time(at), sequence: eb("sequence", "+", 1) }))
    .where("submission_id", "=", id)
    .where("cancelled_at", "is", null)
    .returning("sequence")
    .executeTakeFirst();
  if (!cancelled) {
    const exists = await trx.selectFrom("intro_bookings").select("submission_id").where("submission_id", "=", id).executeTakeFirst();
    return exists ? "already-cancelled" : "not-found";
  }
  await afterCancel(trx, codec, id, Number(cancelled.sequence), at);
  if (followUp) await writeLead(trx, dialect, id, { followUpOn: followUp.on }, followUp.by, at);
  return "cancelled";
}

/**
 * Gives a booking a new cancel link, in the caller's transaction: the store keeps only its hash, so a
 * mail that must carry a working link gets a new one. Its unsent mails (a reminder, say) are given the
 * new token too; links in mails already sent stop working, as after a new time. Returns the token.
 */
async function renewCancelToken(trx: Kysely<Database>, codec: Codec, id: string): Promise<string> {
  const cancel = mintCancelToken();
  await trx.updateTable("intro_bookings").set({ cancel_token_hash: cancel.hash }).where("submission_id", "=", id).execute();
  const unsent = await trx
    .selectFrom("outbox")
    .select(["id", "data"])
    .where("submission_id", "=", id)
    .where("status", "in", ["pending", "failed"])
    .execute();
  for (const row of unsent) {
    const data = row.data === null ? null : (codec.payload(row.data) as OutboxData);
    if (!data?.cancelToken) continue;
    await trx
      .updateTable("outbox")
      .set({ data: JSON.stringify({ ...data, cancelToken: cancel.token }) })
      .where("id", "=", row.id)
      .execute();
  }
  return cancel.token;
}

/**
 * For a request from an address that already holds an upcoming intro, in `insert`'s transaction: mails
 * that address the booking it holds, with a working cancel link, unless it was mailed about an intro
 * within CONFIRMATION_INTERVAL_MS (a stranger typing the address cannot fill its inbox). Whether a
 * mail was queued.
 */
export async function mailHeldBooking(
  dialect: Dialect,
  trx: Kysely<Database>,
  email: string,
  askedStart: unknown,
  at: Date,
): Promise<boolean> {
  const { codec } = dialect;
  const active = () =>
    trx
      .selectFrom("intro_bookings")
      .select(["submission_id", "coach", "starts_at", "ends_at", "sequence"])
      .where("email", "=", email)
      .where("cancelled_at", "is", null)
      .where("ends_at", ">", codec.time(at))
      .orderBy("starts_at")
      .limit(1)
      .executeTakeFirst();
  const seen = await active();
  if (!seen) return false;
  // As a booking does: two requests for this address at once wait here, so only one can mail it.
  await dialect.lockBooking(trx, { coach: seen.coach, email });
  const held = await active();
  if (!held || (await confirmedRecently(dialect, trx, email, at))) return false;
  const cancelToken = await renewCancelToken(trx, codec, held.submission_id);
  const alreadyBooked = { askedStart: typeof askedStart === "string" ? askedStart : "" };
  await queueMessage(trx, codec, held.submission_id, "confirmation", at, {
    data: { cancelToken, sequence: Number(held.sequence), alreadyBooked },
  });
  return true;
}

/**
 * The free intro's part of storing its submission (forms/store.ts insert, in its transaction): a booking
 * takes its time before anything is queued (SlotTakenError, AlreadyBookedError), then, once the staff
 * alert and the lead's webhook are, moves the lead and mails the visitor; a request from an address
 * that already holds an intro mails that address the booking it holds (mailHeldBooking).
 */
export function bookingStep(dialect: Dialect): FormStep {
  const { codec } = dialect;
  return {
    async hold(trx, submission) {
      const { id, booking, createdAt } = submission;
      if (booking) {
        const cancel = mintCancelToken();
        await takeSlot(dialect, trx, id, booking, createdAt, cancel.hash);
        return async () => {
          // The visitor booked their own intro: the lead is past New (never "late"), though nobody at the gym
          // has answered yet. After lead.created, so the gym's tool hears of the lead before its new status.
          await writeLead(trx, dialect, id, { status: "intro-booked" }, VISITOR, createdAt, { webhook: submission.webhook });
          if (!submission.confirm) return false;
          // takeSlot's lock is held until the commit, so two bookings by one address cannot both queue one.
          if (await confirmedRecently(dialect, trx, booking.email, createdAt)) return false;
          await queueMessage(trx, codec, id, "confirmation", createdAt, { data: { cancelToken: cancel.token } });
          await queueReminders(trx, codec, submission, booking.start, createdAt, cancel.token);
          return true;
        };
      }
      const held = submission.alreadyBooked;
      if (held && submission.confirm) return () => mailHeldBooking(dialect, trx, held.email, submission.payload.start, createdAt);
      return undefined;
    },
  };
}

export function introQueries(dialect: Dialect): IntroOperations {
  const { db, codec } = dialect;
  /** A booking with its submission, as the console shows an intro: one query shape for one or many. */
  const withSubmission = () =>
    db
      .selectFrom("intro_bookings")
      .innerJoin("submissions", "submissions.id", "intro_bookings.submission_id")
      .selectAll("submissions")
      .select(["coach", "starts_at", "ends_at", "cancelled_at", "attendance", "sequence"]);
  type IntroRow = Awaited<ReturnType<ReturnType<typeof withSubmission>["executeTakeFirstOrThrow"]>>;
  const toIntro = (row: IntroRow) => ({ ...toBooking(row, codec), attendance: row.attendance, sequence: Number(row.sequence) });
  return {
    cancelBooking: (id, at, followUp) => dialect.write((trx) => cancelIn(trx, dialect, id, at, followUp)),

    async cancelByToken(tokenHash, at, followUp) {
      const time = codec.time(at);
      return dialect.write(async (trx) => {
        // One UPDATE that names the token decides: a link replaced meanwhile (a new time, a new link
        // mailed) matches no row, even when the replacement commits while this waits for the row.
        const cancelled = await trx
          .updateTable("intro_bookings")
          .set((eb) => ({ cancelled_at: time, sequence: eb("sequence", "+", 1) }))
          .where("cancel_token_hash", "=", tokenHash)
          .where("cancelled_at", "is", null)
          .where("starts_at", ">", time)
          .returning(["submission_id", "sequence"])
          .executeTakeFirst();
        if (cancelled) {
          await afterCancel(trx, codec, cancelled.submission_id, Number(cancelled.sequence), at);
          if (followUp) await writeLead(trx, dialect, cancelled.submission_id, { followUpOn: followUp.on }, followUp.by, at);
          return "cancelled";
        }
        const booking = await trx
          .selectFrom("intro_bookings")
          .select("cancelled_at")
          .where("cancel_token_hash", "=", tokenHash)
          .executeTakeFirst();
        if (!booking) return "not-found";
        return booking.cancelled_at !== null ? "already-cancelled" : "past";
      });
    },

    async introOf(id) {
      const row = await withSubmission().where("submission_id", "=", id).executeTakeFirst();
      return row && toIntro(row);
    },

    async upcomingIntros(from) {
      const rows = await withSubmission()
        .where("cancelled_at", "is", null)
        .where("starts_at", ">=", codec.time(from))
        .orderBy("starts_at")
        .orderBy("coach")
        .execute();
      return rows.map(toIntro);
    },

    async markAttendance(id, attendance, { by, at, followUpOn }) {
      return dialect.write(async (trx) => {
        const booking = await trx
          .selectFrom("intro_bookings")
          .select(["cancelled_at", "starts_at"])
          .where("submission_id", "=", id)
          .executeTakeFirst();
        if (!booking) return "not-found";
        if (booking.cancelled_at !== null) return "cancelled";
        if (at.getTime() < toDate(booking.starts_at).getTime()) return "not-started";
        await trx.updateTable("intro_bookings").set({ attendance }).where("submission_id", "=", id).execute();
        // A visitor who did not come is someone to call: the lead comes up for follow-up that day, and a
        // visitor who was mailed the booking is offered a new time the next morning (noShow.ts). One who
        // came has met the gym: their person is at Came (never moved back from Joined), and a mark
        // changed to Came takes back the offer not yet sent.
        if (attendance === "no-show") {
          await writeLead(trx, dialect, id, { followUpOn }, by, at);
          if (await visitorTold(trx, id, ["sent", "failed"])) {
            await queueNoShowOffer(trx, codec, { id, start: toDate(booking.starts_at) }, at);
          }
          return "marked";
        }
        await dropUnsent(trx, codec, id, OFFER_KINDS, at);
        if (
          !["joined", "came"].includes(
            (
              await trx
                .selectFrom("people")
                .select("status")
                .where("id", "=", (await personFor(trx, id)) ?? "")
                .executeTakeFirst()
            )?.status ?? "",
          )
        ) {
          await writeLead(trx, dialect, id, { status: "came" }, by, at);
        }
        return "marked";
      });
    },

    async noShowOfferStale(id) {
      const booking = await db
        .selectFrom("intro_bookings")
        .innerJoin("submissions", "submissions.id", "intro_bookings.submission_id")
        .select(["attendance", "cancelled_at", "email", "created_at", "person_id"])
        .where("submission_id", "=", id)
        .executeTakeFirst();
      if (!booking) return "its booking is gone";
      if (booking.cancelled_at !== null) return "its booking is cancelled";
      if (booking.attendance !== "no-show") return "the intro is no longer marked No-show";
      const since = codec.time(toDate(booking.created_at));
      // Booked again since, by the same address or by another of the same person's (a +tag, say).
      const again = await db
        .selectFrom("intro_bookings")
        .innerJoin("submissions", "submissions.id", "intro_bookings.submission_id")
        .select("submissions.id")
        .where("submissions.id", "!=", id)
        .where("submissions.created_at", ">", since)
        .where((eb) =>
          booking.person_id === null
            ? eb("intro_bookings.email", "=", booking.email)
            : eb.or([eb("intro_bookings.email", "=", booking.email), eb("submissions.person_id", "=", booking.person_id)]),
        )
        .limit(1)
        .executeTakeFirst();
      if (again) return "the person has booked again";
      // A request to delete the address's data since the booking, whether or not it has been confirmed or
      // carried out yet: nobody who asked that is mailed an offer (a deletion carried out takes the
      // booking and this message with it).
      const requests = await db
        .selectFrom("submissions")
        .select("payload")
        .where("form", "=", "privacy-request")
        .where("spam", "is", null)
        .where("created_at", ">=", since)
        .execute();
      const key = addressKey(booking.email);
      const deletion = requests.some((row) => {
        const payload = codec.payload(row.payload);
        return payload.request === "deletion" && typeof payload.email === "string" && addressKey(payload.email) === key;
      });
      return deletion ? "its person asked for their data to be deleted" : undefined;
    },

    async rescheduleBooking(id, slot, at) {
      return dialect.write(async (trx) => {
        const booking = await trx
          .selectFrom("intro_bookings")
          .select(["email", "cancelled_at"])
          .where("submission_id", "=", id)
          .executeTakeFirst();
        if (!booking) return "not-found";
        if (booking.cancelled_at !== null) return "cancelled";
        await dialect.lockBooking(trx, { ...slot, email: booking.email });
        const [start, end] = [codec.time(slot.start), codec.time(slot.end)];
        const busy = await trx
          .selectFrom("intro_bookings")
          .select("submission_id")
          .where("coach", "=", slot.coach)
          .where("cancelled_at", "is", null)
          .where("submission_id", "!=", id)
          .where("starts_at", "<", end)
          .where("ends_at", ">", start)
          .limit(1)
          .executeTakeFirst();
        if (busy) throw new SlotTakenError(slot.coach, slot.start);
        // A new time gets a new link: the old mail's link no longer names the booking the visitor holds.
        const cancel = mintCancelToken();
        const moved = await trx
          .updateTable("intro_bookings")
          .set((eb) => ({
            coach: slot.coach,
            starts_at: start,
            ends_at: end,
            sequence: eb("sequence", "+", 1),
            cancel_token_hash: cancel.hash,
          }))
          .where("submission_id", "=", id)
          // A cancel that committed since this move's checks (PostgreSQL runs them side by side) wins.
          .where("cancelled_at", "is", null)
          .returning("sequence")
          .executeTakeFirst()
          .catch((error: unknown) => {
            throw dialect.isSlotConflict(error) ? new SlotTakenError(slot.coach, slot.start) : error;
          });
        if (!moved) return "cancelled";
        // Every reader of the booking (mails, the lead's page, exports) reads its time from the payload.
        const row = await trx.selectFrom("submissions").select("payload").where("id", "=", id).executeTakeFirstOrThrow();
        const payload = { ...codec.payload(row.payload), coach: slot.coach, start: slot.start.toISOString(), end: slot.end.toISOString() };
        await trx
          .updateTable("submissions")
          .set({ payload: JSON.stringify(payload) })
          .where("id", "=", id)
          .execute();
        const told = await visitorTold(trx, id, ["pending", "sent", "failed"]);
        await dropPendingMails(trx, codec, id, at);
        if (told) {
          await queueMessage(trx, codec, id, "reschedule", at, { data: { cancelToken: cancel.token, sequence: Number(moved.sequence) } });
          await queueReminders(trx, codec, { id }, slot.start, at, cancel.token);
        }
        return "rescheduled";
      });
    },
  };
}
