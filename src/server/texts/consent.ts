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

let published: TextConsentText | undefined;

/** The disclosure of this build's content/site.json, worked out once per process. */
export function currentTextConsent(gym: { name: string; url: string }): TextConsentText {
  published ??= publishedTextConsent(gym);
  return published;
}

/**
 * The page a form was sent from, as the ledger keeps it: the path of its Referer when that names this
 * site (the host the request came to), else null. The pages send it (Referrer-Policy
 * strict-origin-when-cross-origin gives the whole address to the same origin); the path alone, without
 * its query, which could hold anything.
 */
export function consentPage(referer: string | string[] | undefined, host: string | string[] | undefined): string | null {
  if (typeof referer !== "string" || typeof host !== "string") return null;
  try {
    const url = new URL(referer);
    return url.host === host && (url.protocol === "https:" || url.protocol === "http:") ? url.pathname.slice(0, 300) : null;
  } catch {
    return null;
  }
}
