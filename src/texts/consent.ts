import { pathTo } from "../routes";

/**
 * The words a person agrees to when they tick "Text me about my enquiry": who texts (the gym, named
 * from content/site.json), about what, how often, what it may cost, how to stop and get help, and where
 * the privacy policy is, as carriers' 10DLC rules and Washington's RCW 19.190 want consent given
 * clearly and in advance. The box is never ticked for them. Pure: the forms render these words and the
 * server stores `text` exactly, with its version (src/server/texts/consent.ts), in the consent ledger.
 */
export interface TextConsentWords {
  /** Beside the check box. */
  label: string;
  /** Under it, before the privacy link. */
  lead: string;
  /** The privacy page, as a link's href. */
  privacyPath: string;
  /** The privacy page's address as the stored text names it (host and path, no scheme). */
  privacyAddress: string;
  /** Everything the person was shown, in one string: what the ledger keeps. */
  text: string;
}

export const TEXT_CONSENT_LABEL = "Text me about my enquiry";

export function textConsentWords(gym: { name: string; url: string }): TextConsentWords {
  const privacyPath = pathTo("privacy");
  const privacyAddress = `${new URL(gym.url).host}${privacyPath}`;
  const lead = [
    `${gym.name} will text this number about your enquiry: our answers, and reminders of an intro you book.`,
    "A few texts per enquiry; frequency varies.",
    "Msg & data rates may apply.",
    "Reply STOP to end, HELP for help.",
    "Agreeing is not a condition of joining.",
  ].join(" ");
  return { label: TEXT_CONSENT_LABEL, lead, privacyPath, privacyAddress, text: `${lead} Privacy policy: ${privacyAddress}` };
}
