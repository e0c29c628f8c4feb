import type { Texter, TextOutcome } from "../outbox/delivery";
import { nextTextingInstant } from "./callingHours";
import type { ConsentOperations } from "./consentLedger";
import type { TextOperations } from "./textStore";
import type { ConsentState, StoredText, TextSender } from "./types";

/** The automation whose texts answer a person's own text at once (STOP's confirmation, HELP): not held to the calling hours. */
const REPLY = "keyword-reply";

/** Why a number may not be texted, in words with no personal data (the outbox's log and the text's row keep it). */
function noConsent(state: ConsentState): string {
  return state.event === "ended"
    ? `the number ended its consent to texts (STOP) on ${state.at?.toISOString() ?? "an unknown day"}`
    : "the number never agreed to texts";
}

/**
 * Sends the text an outbox message of kind `text` names (its data's `textId`), through Twilio
 * (texts/twilio.ts), so that it goes once at most:
 * - the consent is read again as it goes: a number that never agreed, or has since texted STOP, is not
 *   texted, and the text's row says why. It is read in the transaction that takes the text, at the
 *   number's lock (textStore.ts takeConsentedText), so a STOP is either seen or comes after the text
 *   went. Only the gym's answer to STOP, START or HELP goes without;
 * - an automated text (the instant answer) goes from 8 am to 8 pm at the gym: one claimed later waits
 *   for the next 8 am (texts/callingHours.ts). A staff member's goes when they send it;
 * - the row moves from `waiting` to `sending` in one statement before Twilio is asked, and only then:
 *   one found `sending` was handed over by a run that stopped before it heard back, and is never sent
 *   again (unknown);
 * - Twilio's answer: accepted keeps the sid and status; unavailable (nothing taken) puts the row back to
 *   waiting and the outbox tries again; unknown (it may have been sent) and refused are final, and a
 *   refusal because the person opted out at Twilio ends their consent in the ledger too.
 */
export function textTexter(store: TextOperations & ConsentOperations, sender: TextSender, timeZone: string): Texter {
  return async (message, now): Promise<TextOutcome> => {
    const id = message.data?.textId;
    if (id === undefined) return { dropped: "it names no text" };
    const text = await store.text(id);
    if (!text) return { dropped: "its text is gone (deleted with its person)" };
    if (text.status === "sending") {
      await store.settleText(id, { status: "unknown", error: "handed to Twilio by a run that stopped before its answer" }, now);
      return {
        failed: "it was handed to Twilio before and no answer was recorded: it may have been sent, so it is not sent again",
        final: true,
      };
    }
    if (text.status !== "waiting") return { dropped: `it is already ${text.status}` };
    if (text.automation !== null && text.automation !== REPLY) {
      const next = nextTextingInstant(now, timeZone);
      if (next.getTime() !== now.getTime()) return { wait: next };
    }
    if (text.automation === REPLY) {
      const taken = await store.takeText(id, now);
      if (!taken) return { dropped: "another sender took it" };
      return handOver(store, sender, taken, now);
    }
    // The consent and the take in one transaction, at the number's lock: no STOP lands between them.
    const taken = await store.takeConsentedText(id, now, noConsent);
    if ("refused" in taken) return { dropped: taken.refused };
    if ("gone" in taken) return { dropped: "another sender took it" };
    return handOver(store, sender, taken.text, now);
  };
}

async function handOver(store: TextOperations & ConsentOperations, sender: TextSender, text: StoredText, now: Date): Promise<TextOutcome> {
  const result = await sender.send({ to: text.phone, body: text.body });
  switch (result.outcome) {
    case "accepted":
      await store.settleText(text.id, { status: result.status || "queued", sid: result.sid }, now);
      return { sent: true };
    case "unavailable":
      await store.settleText(text.id, { status: "waiting", error: result.reason }, now);
      return { failed: result.reason, final: false };
    case "unknown":
      await store.settleText(text.id, { status: "unknown", error: result.reason }, now);
      return { failed: `${result.reason}; it may have been sent, so it is not sent again`, final: true };
    case "refused":
      await store.settleText(text.id, { status: "not-sent", error: result.reason }, now);
      if (result.optedOut) await store.endTextConsent(text.phone, `Twilio ${result.code ?? "opt-out"}`, now);
      return { failed: result.reason, final: true, refused: true };
  }
}
