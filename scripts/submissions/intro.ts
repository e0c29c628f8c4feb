import { cancelIntro } from "../../src/server/intro/changes";
import { escapeControls } from "../../src/server/printable";
import type { Booking } from "../../src/server/intro/types";
import { CommandError, type Print } from "./command";
import type { SubmissionStore } from "../../src/server/app/store";
import { dayLabel, timeLabel } from "../../src/time/labels";

export interface IntroRequest {
  action?: "list" | "cancel";
  /** The booking to cancel. */
  reference?: string;
  /** List cancelled bookings too. */
  all: boolean;
}

function bookingLine(booking: Booking): string {
  const p = booking.submission.payload;
  const start = booking.start.toISOString();
  const when = `${dayLabel(start)} ${timeLabel(start)}`;
  const line = [
    booking.submission.id,
    when,
    booking.coach,
    String(p.name ?? ""),
    String(p.email ?? ""),
    String(p.phone ?? ""),
    booking.cancelledAt ? "CANCELLED" : "",
  ]
    .filter((part) => part !== "")
    .join("  ");
  return escapeControls(line);
}

export async function intro(request: IntroRequest, store: SubmissionStore, out: Print, now: Date): Promise<void> {
  if (request.action === "cancel" && request.reference) {
    // The console's cancel too: the visitor is e-mailed and the reminder dropped, whichever door it came by.
    try {
      out(await cancelIntro(store, request.reference, now, "cli"));
    } catch (error) {
      if (error instanceof Error && error.name === "IntroError") throw new CommandError(error.message);
      throw error;
    }
    return;
  }
  const bookings = (await store.bookings(now)).filter((booking) => request.all || !booking.cancelledAt);
  if (bookings.length === 0) out("No upcoming free-intro bookings.");
  for (const booking of bookings) out(bookingLine(booking));
}
