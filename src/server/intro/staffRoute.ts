import { slotsByDay } from "../../intro/display";
import { currentIntroCoach } from "../content";
import { cancelIntro, type IntroError, markIntro, openIntroSlots, rescheduleIntro, startOfGymDay } from "./changes";
import { openTimesChanged } from "./timesPage";
import type { IntroBooking, IntroStore } from "./types";
import { requireString, StaffError, type StaffRoute } from "../staff/guard";
import type { StaffOperations } from "../staff/types";
import { dayLabel, timeLabel, zoneName } from "../../time/labels";

const ACTIONS = ["attended", "no-show", "cancel", "reschedule"] as const;
type Action = (typeof ACTIONS)[number];

/** One day of the screen: the gym's own date and label, its intros soonest first. */
function byDay(bookings: readonly IntroBooking[], now: Date) {
  const days = new Map<string, { label: string; intros: unknown[] }>();
  for (const booking of bookings) {
    const start = booking.start.toISOString();
    const label = dayLabel(start);
    const p = booking.submission.payload;
    const day = days.get(label) ?? { label, intros: [] };
    day.intros.push({
      id: booking.submission.id,
      start,
      time: timeLabel(start),
      coach: booking.coach,
      name: typeof p.name === "string" ? p.name : "",
      email: typeof p.email === "string" ? p.email : "",
      phone: typeof p.phone === "string" ? p.phone : "",
      attendance: booking.attendance,
      // Came and No-show are asked only once the intro has started (by the server's clock): the store refuses them before.
      started: booking.start.getTime() <= now.getTime(),
    });
    days.set(label, day);
  }
  return [...days.values()];
}

/** A mistake in what staff asked for is answered with its own status and sentence. */
async function asked(work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && error.name === "IntroError") throw new StaffError((error as IntroError).status, error.message);
    throw error;
  }
}

/**
 * GET /api/staff/intros: today's and later free intros by day in the gym's zone, the open times a
 * booking may move to, and `mine`: which intro coach the signed-in account is (its settings), so the
 * screen can show that coach's intros first; null if none. POST {id, action: attended|no-show|cancel|reschedule, start?, coach?}: each
 * change is audited; a cancel or a new time e-mails the visitor through the outbox.
 */
export const intros: StaffRoute<IntroStore & Pick<StaffOperations, "staffAccount">> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, now, staff }) {
      const [bookings, open, account] = await Promise.all([
        store.upcomingIntros(startOfGymDay(now)),
        openIntroSlots(store, now),
        store.staffAccount(staff.email),
      ]);
      const mine = currentIntroCoach(account?.introCoach);
      return { json: { zone: zoneName(), days: byDay(bookings, now), open: slotsByDay(open), slots: open, mine } };
    },
  },
  POST: {
    role: "coach",
    async run({ store, body, now, staff, audit, kick }) {
      const id = requireString(body, "id", "the booking's reference");
      const action = body.action as Action;
      if (!ACTIONS.includes(action)) throw new StaffError(400, 'Say "attended", "no-show", "cancel" or "reschedule".');
      let message: string;
      if (action === "cancel") message = await asked(() => cancelIntro(store, id, now, staff.email));
      else if (action === "reschedule") {
        const start = requireString(body, "start", "the new time");
        const coach = typeof body.coach === "string" && body.coach !== "" ? body.coach : undefined;
        message = await asked(() => rescheduleIntro(store, id, start, coach, now));
      } else message = await asked(() => markIntro(store, id, action, staff.email, now));
      await audit(`intro.${action}`, id);
      if (action === "cancel" || action === "reschedule") {
        openTimesChanged();
        kick();
      }
      return { json: { message } };
    },
  },
};
