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

/** The longest utm value kept: campaign names are short; anything longer is cut, never refused. */
export const UTM_MAX = 100;
const PATH_MAX = 200;
/** A host name as DNS allows it (letters, digits, dots, hyphens), with an optional port. */
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/;

const utmValue = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  // Control characters and the like have no place in a campaign name.
  const text = value
    .replace(/[\p{C}]/gu, "")
    .trim()
    .slice(0, UTM_MAX);
  return text || null;
};

const hostValue = (value: unknown): string | null =>
  typeof value === "string" && HOST.test(value.toLowerCase()) ? value.toLowerCase() : null;

const pathValue = (value: unknown): string | null =>
  typeof value === "string" && /^\/[^\s?#]*$/.test(value) && value.length <= PATH_MAX ? value : null;

/**
 * What the server keeps of a source a form sent: each part checked again (a form can be sent by
 * anything), anything unexpected dropped rather than refused, since the visitor cannot fix it. Undefined
 * when nothing is left.
 */
export function cleanSource(sent: unknown): VisitSource | undefined {
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return undefined;
  const raw = sent as Record<string, unknown>;
  const source: VisitSource = {
    landingPage: pathValue(raw.landingPage),
    referrerHost: hostValue(raw.referrerHost),
    utmSource: utmValue(raw.utmSource),
    utmMedium: utmValue(raw.utmMedium),
    utmCampaign: utmValue(raw.utmCampaign),
  };
  return Object.values(source).some((value) => value !== null) ? source : undefined;
}

/** What staff read as a lead's source: the utm_source, else the referring site, else "Direct"; "Unknown" without one. */
export function sourceName(source: VisitSource | null): string {
  if (!source) return "Unknown";
  return source.utmSource ?? source.referrerHost ?? "Direct";
}
