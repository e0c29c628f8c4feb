import { dayLabel, timeLabel } from "../../src/intro/display";
import { site } from "../../src/server/content";
import { escapeControls } from "../../src/server/printable";
import type { Booking, SubmissionStore } from "../../src/server/store/types";
import { CommandError, type Print } from "./command";

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
  const when = `${dayLabel(start, site.timeZone)} ${timeLabel(start, site.timeZone)}`;
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
    const result = await store.cancelBooking(request.reference, now);
    if (result === "not-found") throw new CommandError(`No free-intro booking has the reference ${request.reference}.`);
    out(
      result === "cancelled"
        ? `Cancelled ${request.reference}: its time is open for booking again.`
        : `${request.reference} was already cancelled.`,
    );
    return;
  }
  const bookings = (await store.bookings(now)).filter((booking) => request.all || !booking.cancelledAt);
  if (bookings.length === 0) out("No upcoming free-intro bookings.");
  for (const booking of bookings) out(bookingLine(booking));
}
