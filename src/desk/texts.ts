/**
 * A text's status as staff read it on a person's timeline, from the site's own words and Twilio's
 * (src/server/texts/types.ts TextStatus, and Twilio's delivery statuses): waiting, sent, delivered, not
 * sent and why, received. Pure: the server and the console share it.
 */
export function textStatusWords(direction: "in" | "out", status: string, error: string | null): string {
  if (direction === "in") return "received";
  switch (status) {
    case "waiting":
      return "waiting to go";
    case "sending":
    case "accepted":
    case "scheduled":
    case "queued":
      return "sent to Twilio";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "unknown":
      return "may not have been sent: Twilio did not answer, so it is not sent again";
    case "undelivered":
    case "failed":
      return notDelivered(error);
    default:
      // not-sent, canceled: never left the gym.
      return `not sent: ${error ?? status}`;
  }
}

/**
 * Why the carrier did not deliver a text, by Twilio's error code (its delivery report's ErrorCode,
 * stored as "Twilio error N": src/server/texts/webhooks.ts), in words that say what staff can do.
 */
const UNDELIVERED_BECAUSE = new Map([
  ["30003", "the phone was off or out of reach"],
  ["30004", "the person's carrier or phone blocked it"],
  ["30005", "the number is not in service"],
  ["30006", "a landline, or a carrier that takes no texts: call instead"],
  ["30007", "the carrier filtered it as spam"],
  ["30008", "the carrier gave no reason"],
  ["30034", "the gym's number is not registered for texting yet"],
]);

function notDelivered(error: string | null): string {
  const code = error === null ? undefined : /^Twilio error (\d+)$/.exec(error)?.[1];
  const why = code === undefined ? undefined : UNDELIVERED_BECAUSE.get(code);
  if (why) return `not delivered: ${why} (Twilio error ${code})`;
  return error ? `not delivered (${error})` : "not delivered";
}

/**
 * Who wrote a text from the gym, as the timeline says it when no staff member did: which of the site's
 * automatic texts it is (src/server/texts/types.ts TextAutomation).
 */
const AUTOMATIONS = new Map([
  ["instant-answer", "automatic answer"],
  ["keyword-reply", "automatic reply to STOP, START or HELP"],
  ["intro-reminder", "automatic intro reminder"],
  ["no-show-offer", "automatic offer of a new intro time"],
]);

/** The timeline's name for an automatic text's author; "automatic text" for one this code does not know. */
export const automationWords = (automation: string | null): string => (automation && AUTOMATIONS.get(automation)) ?? "automatic text";
