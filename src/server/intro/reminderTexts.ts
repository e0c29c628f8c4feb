import { intro, site } from "../content";
import type { MessageSettings, Composer, Delivery } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { pathTo } from "../../routes";
import { introCancelPath } from "../../intro/cancelPath";
import { noShowOfferText, reminderText } from "../../texts/introTexts";
import { nextTextingInstant } from "../texts/callingHours";
import type { ConsentOperations } from "../texts/consentLedger";
import type { TextOperations } from "../texts/textStore";
import type { TextAutomation } from "../texts/types";
import { GYM_ZONE } from "../../time/zone";
import { introFacts } from "./confirmationMail";
import { reminderStale } from "./mails";
import { reminderChannel } from "./reminders";
import { INTRO_REMINDERS } from "./types";

/**
 * An intro's reminders and its no-show offer by text. Each stays one outbox message of its own kind
 * (reminder, no-show-offer), so a cancel, a new time or a mark of Came drops it as before and the
 * outbox's sent status makes it go exactly once; as it comes due, reminderChannel picks the channel
 * with the number's consent as it stands then. By text, the message's text is written once (its row
 * in `texts`, its id in the message's data) and handed to the texter (texts/outbox.ts), which reads the
 * consent and the calling hours again and hands it to Twilio once at most; a text that cannot go (the
 * number texted STOP a moment before, Twilio refused it) leaves the e-mail to go instead, and so does one
 * Twilio later reports undelivered (the message is queued again, to go by e-mail: texts/textStore.ts).
 */

/** What a reminder by text needs of the store. */
export type ReminderTextStore = Pick<TextOperations, "text" | "settleText" | "textsOfNumber" | "attachText"> &
  Pick<ConsentOperations, "textConsent">;

/**
 * The least time before the intro a reminder held for 8 am may still go by text. An automated text
 * goes from 8 am to 8 pm at the gym (texts/callingHours.ts), and the gym opens at 5:00 on weekdays: the
 * day-before reminder of a 5:00 intro falls at 5:00 the day before and waits for 8:00 (21 hours ahead,
 * still a day-before reminder). The one two hours before a 5:00, 6:00 or 7:00 intro falls at 3:00, 4:00
 * or 5:00: waiting for 8 am would be after the intro, and going the evening before at 7:59 pm would be
 * a second day-before reminder, not the nudge on the morning itself. It goes by e-mail at its own time
 * instead: e-mail wakes nobody, and the visitor reads it when they get up, before they set out. A 9:00
 * Saturday intro's falls at 7:00 and is texted at 8:00, an hour before: still in time to set out.
 */
export const TEXT_LEAD_MS = 3_600_000;

/** The message as an e-mail: without the text an earlier attempt wrote. */
const byMail = (message: ClaimedMessage): ClaimedMessage => {
  if (message.data?.textId === undefined) return message;
  const { textId: _textId, ...data } = message.data;
  return { ...message, data };
};

/** What a text says of the booking: the payload as it stands (a new time rewrites it), in the gym's time zone. */
function textFacts(message: ClaimedMessage, siteUrl: string) {
  const facts = introFacts(message.submission!);
  const token = message.data?.cancelToken;
  return {
    gym: site.name,
    intro: intro.name.toLowerCase(),
    day: facts.booked.day,
    time: facts.booked.time,
    coach: facts.booked.coach,
    phone: facts.phone,
    ...(token && { cancelLink: `${siteUrl}${introCancelPath(token)}` }),
  };
}

/** The words of a reminder or an offer by text; `first`: no text of the gym's has reached this number yet. */
function textBody(message: ClaimedMessage, automation: TextAutomation, siteUrl: string, first: boolean): string {
  const facts = textFacts(message, siteUrl);
  return automation === "no-show-offer"
    ? noShowOfferText(facts, `${siteUrl}${pathTo("intro")}`, first)
    : reminderText(facts, message.data?.reminder === "hours-before", first);
}

/**
 * Readies a reminder or an offer (a message with its submission) to go by text where reminderChannel
 * says so: the message with its text's id in its data (the composer then gives the texter that text,
 * and the e-mail to go instead), the message as it is (by e-mail), when it is to be looked at again
 * (`wait`: outside the calling hours, while 8 am still comes by `latest`), or why it is not sent (an
 * earlier attempt's text went). A text written by an earlier attempt that now goes by e-mail is marked
 * not sent, with why.
 */
export async function byText(
  store: ReminderTextStore,
  message: ClaimedMessage,
  settings: Pick<MessageSettings, "now" | "texting" | "siteUrl">,
  { latest, automation }: { latest: Date; automation: TextAutomation },
): Promise<ClaimedMessage | { dropped: string } | { wait: Date }> {
  const { now } = settings;
  // Its text went and never arrived (Twilio's report, texts/textStore.ts): by e-mail, not a second text.
  if (message.data?.textUndelivered !== undefined) return message;
  const payload = message.submission?.payload ?? {};
  const phone = typeof payload.phone === "string" ? payload.phone : "";
  const written = message.data?.textId === undefined ? undefined : await store.text(message.data.textId);
  if (written && written.status !== "waiting") {
    if (written.status === "not-sent") return byMail(message);
    // Handed to Twilio by an attempt that stopped before its answer: the texter records that it may have
    // gone, and nothing goes again.
    if (written.status === "sending") return message;
    return { dropped: `it went by text (${written.status})` };
  }
  const instead = async (why: string) => {
    if (written) await store.settleText(written.id, { status: "not-sent", error: why }, now);
    return byMail(message);
  };
  const consent = settings.texting && phone ? await store.textConsent(phone) : undefined;
  if (reminderChannel(payload, consent, settings.texting === true) === "email") {
    return instead("the number may no longer be texted; sent by e-mail");
  }
  const next = nextTextingInstant(now, GYM_ZONE);
  if (next.getTime() > now.getTime()) {
    if (next.getTime() <= latest.getTime()) return { wait: next };
    return instead("due outside the calling hours (8 am to 8 pm); sent by e-mail");
  }
  const first = !(await store.textsOfNumber(phone)).some((text) => text.direction === "out" && text.sid !== null);
  const textId =
    written?.id ??
    (await store.attachText(message.id, {
      phone,
      body: textBody(message, automation, settings.siteUrl, first),
      submissionId: message.submission?.id ?? null,
      author: { automation },
      at: now,
    }));
  return { ...message, data: { ...message.data, textId } };
}

/**
 * The reminder's step before it is written (app/outbox.ts): dropped when it is no longer worth sending
 * (mails.ts reminderStale), else readied by byText. The day-before one may wait for 8 am while it still
 * comes before the one two hours before; the one two hours before while it still comes TEXT_LEAD_MS
 * before the intro.
 */
export async function prepareReminder(
  store: ReminderTextStore,
  message: ClaimedMessage,
  settings: MessageSettings,
): Promise<ClaimedMessage | { dropped: string } | { wait: Date }> {
  if (!message.submission) return { dropped: "its submission is gone" };
  const { start } = introFacts(message.submission);
  const stale = reminderStale(message, start, settings.now);
  if (stale) return { dropped: stale };
  const latest =
    message.data?.reminder === "hours-before"
      ? start.getTime() - TEXT_LEAD_MS
      : start.getTime() - INTRO_REMINDERS["hours-before"].beforeMs - 1;
  return byText(store, message, settings, { latest: new Date(latest), automation: "intro-reminder" });
}

/** A kind's composer that hands the texter the text byText wrote, with its e-mail to go instead. */
export function orByText(compose: Composer): Composer {
  return (message, settings): Delivery => {
    const delivery = compose(message, settings);
    const textId = message.data?.textId;
    return textId !== undefined && "mail" in delivery ? { text: textId, orMail: delivery.mail } : delivery;
  };
}
