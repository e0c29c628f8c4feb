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
    default:
      // not-sent, undelivered, failed, canceled: never reached the phone.
      return `not sent: ${error ?? status}`;
  }
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
