import { ENCODED_WORD } from "./text";

/**
 * Where a visit came from, as the browser keeps it for the visit (src/runtime/visitSource.ts reads only
 * these parts of the two addresses) and each form sends it: the page the visit began on (its path only),
 * the referring site's host (never its full address), and the address's utm_source, utm_medium and
 * utm_campaign. None of it says who the visitor is (stored beside a named lead, it says how that lead
 * found the gym). Pure: the server and the console use it.
 */
export interface VisitSource {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The longest utm value kept, in characters: campaign names are short; anything longer is cut, never refused. */
export const UTM_MAX = 100;
const PATH_MAX = 200;
/** A host name as DNS allows it (letters, digits, dots, hyphens), with an optional port. */
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;
/**
 * A path as a browser's location.pathname has it: printable ASCII but space, "?" and "#", since the
 * browser percent-encodes everything else (controls, spaces, bidi controls, any letter beyond ASCII).
 */
const PATH = /^\/[\x21\x22\x24-\x3E\x40-\x7E]*$/;
/** What has no place in a campaign name: controls, format characters (bidi among them), lone surrogates, line and paragraph separators. */
const NOT_TEXT = /[\p{C}\p{Zl}\p{Zp}]/gu;

const utmValue = (value: unknown): string | null => {
  // Nor an encoded word, which a mail client would decode into any character (src/forms/text.ts).
  if (typeof value !== "string" || ENCODED_WORD.test(value)) return null;
  // Cut by characters, so an emoji at the limit is kept or dropped whole, never halved.
  const text = Array.from(value.replace(NOT_TEXT, "").trim()).slice(0, UTM_MAX).join("").trim();
  return text || null;
};

// Tested as sent, then lower-cased: a letter that only lower-cases to ASCII (the Kelvin sign) is not a host.
const hostValue = (value: unknown): string | null => (typeof value === "string" && HOST.test(value) ? value.toLowerCase() : null);

// Refused whole, not cleaned: a path with any other character was not sent by a browser, and what is
// left once they are dropped would name a page nobody landed on.
const pathValue = (value: unknown): string | null =>
  typeof value === "string" && value.length <= PATH_MAX && PATH.test(value) ? value : null;

/** Each part of a source checked again: what does not fit becomes null. */
export function checkedSource(raw: Readonly<Record<string, unknown>>): VisitSource {
  return {
    landingPage: pathValue(raw.landingPage),
    referrerHost: hostValue(raw.referrerHost),
    utmSource: utmValue(raw.utmSource),
    utmMedium: utmValue(raw.utmMedium),
    utmCampaign: utmValue(raw.utmCampaign),
  };
}

/**
 * What the server keeps of a source a form sent: each part checked again (a form can be sent by
 * anything), anything unexpected dropped rather than refused, since the visitor cannot fix it. Undefined
 * when nothing is left.
 */
export function cleanSource(sent: unknown): VisitSource | undefined {
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return undefined;
  const source = checkedSource(sent as Record<string, unknown>);
  return Object.values(source).some((value) => value !== null) ? source : undefined;
}

/** What staff read as a lead's source: the utm_source, else the referring site, else "Direct"; "Unknown" without one. */
export function sourceName(source: VisitSource | null): string {
  if (!source) return "Unknown";
  return source.utmSource ?? source.referrerHost ?? "Direct";
}
