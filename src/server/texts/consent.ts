import { createHash } from "node:crypto";
import { textConsentWords } from "../../texts/consent";

/** A consent disclosure as the ledger keeps it: the exact words the person was shown, and their version. */
export interface TextConsentText {
  text: string;
  /** The SHA-256 of the text: two builds showing the same words agree, and any change is a new version. */
  version: string;
}

export function textConsentVersion(text: string): string {
  return createHash("sha256").update(text.normalize("NFC"), "utf8").digest("hex");
}

/** The disclosure this build shows, for the gym named in content/site.json. */
export function publishedTextConsent(gym: { name: string; url: string }): TextConsentText {
  const { text } = textConsentWords(gym);
  return { text, version: textConsentVersion(text) };
}
