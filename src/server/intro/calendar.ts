import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { apiHeaders, STORE_RETRY_AFTER_SECONDS, type Runtime } from "../http/pipeline";
import { isReferenceOf } from "../forms/ids";
import { SENT_PAGE_MS, type SubmissionOperations } from "../forms/types";
import type { StoredSubmission } from "../store/submission";
import { errorSummary } from "../log";
import { serverConfig, serverNow, siteDomain } from "../process/settings";
import { hashToken, isToken } from "../staff/auth";
import { introCalendar } from "./confirmationMail";
import { bookedOf } from "./outcome";
import type { IntroBooking, IntroOperations } from "./types";

/** What a visitor reads when the link gives no file: sentences, since a person followed the link. */
export const CALENDAR_ANSWERS = {
  gone: "This calendar link has run out or is not right. The calendar file is attached to your confirmation e-mail, or call us to check your time.",
  cancelled: "This free intro was cancelled, so there is nothing to add to your calendar.",
  unavailable:
    "We could not get your calendar file just now. Please try again in a minute: it is also attached to your confirmation e-mail.",
  method: "Ask for the calendar file with GET.",
} as const;

function say(res: GatsbyFunctionResponse, status: number, text: string): void {
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.status(status).send(text);
}

/**
 * GET /api/intro-calendar?sent=<reference>&key=<key>: a booking's calendar file, for the "Add to
 * calendar" link of its confirmation (on the page, with and without JavaScript). The key is the one made
 * for that send (the page without JavaScript carries it in its address, the enhanced form's answer in
 * the link), and it opens the file exactly as it opens the confirmation page: for SENT_PAGE_MS after the
 * send, nothing else in the address read. The file holds what that page shows (the time, the coach, the
 * gym's address, the reference) and nothing the visitor typed, so the key reaches nothing more than it
 * did. No cancel token is ever in a page: the link that cancels is in the visitor's e-mail only.
 *
 * The appointment is the e-mail's own (its UID is the reference's), as the booking is now: a new time
 * made since is the file's time, and a booking cancelled since has none (410).
 */
export async function introCalendarFile(
  runtime: Runtime<SubmissionOperations & IntroOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  apiHeaders(res, { noindex: true });
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return say(res, 405, CALENDAR_ANSWERS.method);
  }
  const { sent: reference, key } = req.query as Record<string, unknown>;
  if (typeof reference !== "string" || !isReferenceOf("intro", reference) || !isToken(key)) return say(res, 404, CALENDAR_ANSWERS.gone);
  let stored: StoredSubmission | undefined;
  let booking: IntroBooking | undefined;
  try {
    const store = await runtime.store();
    stored = await store.sentWithKey(reference, hashToken(key), new Date(now.getTime() - SENT_PAGE_MS));
    booking = stored && (await store.introOf(stored.id));
  } catch (error) {
    console.error(`Could not read an intro's calendar file: ${errorSummary(error)}`);
    res.setHeader("Retry-After", String(STORE_RETRY_AFTER_SECONDS));
    return say(res, 503, CALENDAR_ANSWERS.unavailable);
  }
  // A request from an address that already held an intro booked nothing: its e-mail has the time held.
  if (!stored || !bookedOf(stored.payload)) return say(res, 404, CALENDAR_ANSWERS.gone);
  if (booking?.cancelledAt) return say(res, 410, CALENDAR_ANSWERS.cancelled);
  const file = introCalendar(stored, { domain: siteDomain(serverConfig().siteUrl), now }, { sequence: booking?.sequence ?? 0 });
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Content-Disposition", `attachment; filename="${file.filename}"`);
  res.status(200).send(file.content);
}
