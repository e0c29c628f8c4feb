import { phoneLabel, type LeadDetail } from "../../desk/leads";
import { whenLabel } from "../../time/labels";
import type { ServerConfig } from "../config";
import { siteOrigin, webhookEnabled } from "../process/settings";
import { StaffError } from "../staff/guard";
import type { StaffSession } from "../staff/types";
import type { StoredSubmission } from "../store/submission";
import type { ConsentState } from "../texts/types";
import { repliesFor, templatesBy } from "./replies";
import { returnReplyPoint, takeReplyPoint } from "./replyLimit";
import type { LeadStore } from "./types";

/**
 * The lead route's texting (leadRoute.ts): whether a person's page offers the text box and why not, and
 * POST {id, action: "text", text}, which hands the text to the store (staffText.ts) within the reply
 * limits. The route has checked that `id` names a person.
 */

/** Why a staff text cannot go to this person now, in the words the console shows; null when it can. */
function textRefusal(config: ServerConfig, state: { phone: string | null; consent: ConsentState | null }): string | null {
  if (!config.twilio) return NOT_SET_UP;
  if (!state.phone) return NO_PHONE;
  return state.consent ? consentRefusal(state.consent) : null;
}

const NOT_SET_UP =
  "Texting is not set up on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM), so nothing can be sent from here: text from your own phone, or call.";
const NO_PHONE = "This person gave no phone number, so they cannot be texted: e-mail them instead.";

/** A number other than the one the page showed, by now (a form or a text filed under the person since). */
const numberChanged = (phone: string) =>
  `The number to text is now ${phoneLabel(phone)}: a form or a text since this page was opened changed it. Open the page again, check the number, then send.`;

/** A number that may not be texted (the consent ledger), said with when it stopped. */
function consentRefusal(consent: ConsentState): string | null {
  const number = phoneLabel(consent.phone);
  if (consent.event === null) return `${number} never agreed to texts from the gym, so nothing can be sent to it: call or e-mail instead.`;
  if (consent.event === "ended") {
    const when = consent.at ? ` on ${whenLabel(consent.at.toISOString())}` : "";
    const how = consent.byStaff ? "they asked the gym to stop" : "it replied STOP";
    return `${number} ended its consent to texts (${how})${when}, so nothing can be sent to it until it texts START: call or e-mail instead.`;
  }
  return null;
}

/** Whether this person can be texted from their page, and why not. */
export async function textingOf(
  store: LeadStore,
  person: string,
  config: ServerConfig,
  newest: StoredSubmission | undefined,
): Promise<LeadDetail["texting"]> {
  const state = (await store.textingState(person)) ?? { phone: null, consent: null };
  const templates = await templatesBy(store, "text");
  // {name} is their newest form's first name; a person who only ever texted is "there".
  const filled = repliesFor(templates, newest ?? { payload: {} }, siteOrigin(config.siteUrl));
  return {
    ready: config.twilio !== undefined,
    phone: state.phone,
    refusal: textRefusal(config, state),
    templates: filled.map(({ id, name, body }) => ({ id, name, body })),
  };
}

/**
 * Texts the person from the gym's number: 409 when texting is not set up, they gave no phone, or the
 * number may not be texted (saying why); counted with the replies against the hourly limits first (a
 * stolen session may not spend the gym's texts any more than its mail), and given back when nothing was
 * queued. "no-person" when the person went meanwhile.
 */
export async function sendStaffText(
  store: LeadStore,
  { id, text, phone }: { id: string; text: string; phone?: string },
  { config, staff, now }: { config: ServerConfig; staff: Pick<StaffSession, "email">; now: Date },
): Promise<"sent" | "no-person"> {
  if (!config.twilio) throw new StaffError(409, NOT_SET_UP);
  await takeReplyPoint(store, staff.email, now);
  let result: Awaited<ReturnType<typeof store.sendStaffText>> | undefined;
  try {
    result = await store.sendStaffText(id, text, staff.email, now, {
      webhook: webhookEnabled(config),
      ...(phone !== undefined && { shown: phone }),
    });
  } finally {
    if (!result || "refused" in result) await returnReplyPoint(store, staff.email);
  }
  if (!("refused" in result)) return "sent";
  if (result.refused === "no-person") return "no-person";
  if (result.refused === "phone-changed") throw new StaffError(409, numberChanged(result.phone));
  throw new StaffError(409, result.refused === "no-phone" ? NO_PHONE : (consentRefusal(result.consent) ?? NO_PHONE));
}

/**
 * Ends the texts to the person's number on their word to staff (any reasonable way of asking ends consent,
 * not only STOP): 409 when they gave no number. Twice is harmless. "no-person" when the person went
 * meanwhile. Not a text: nothing is counted against the reply limits.
 */
export async function stopStaffTexts(
  store: LeadStore,
  { id, phone }: { id: string; phone?: string },
  { staff, now }: { staff: Pick<StaffSession, "email">; now: Date },
): Promise<"stopped" | "no-person"> {
  const result = await store.stopTexts(id, staff.email, now, phone);
  if (!("refused" in result)) return "stopped";
  if (result.refused === "no-person") return "no-person";
  if (result.refused === "phone-changed") throw new StaffError(409, numberChanged(result.phone));
  throw new StaffError(409, "This person gave no phone number: there are no texts to stop.");
}
