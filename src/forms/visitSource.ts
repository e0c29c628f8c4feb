/**
 * Where a visit came from, as the browser keeps it for the visit (src/runtime/visitSource.ts) and each
 * form sends it: the page the visit began on (its path only), the referring site's host (never its full
 * address), and the address's utm_source, utm_medium and utm_campaign. None of it is personal data, and
 * this module is what keeps it so: nothing else of an address is read. Pure: the browser and the
 * server use it alike.
 */
export interface VisitSource {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

const UTM = { utmSource: "utm_source", utmMedium: "utm_medium", utmCampaign: "utm_campaign" } as const;

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
 * The source of a visit that begins at `href` (the address the visitor arrived on), referred by
 * `referrer` (document.referrer: empty when none was given). A referrer on the site's own host is no
 * source: the visitor came from this site's own page.
 */
export function sourceOfVisit(href: string, referrer: string): VisitSource {
  const url = new URL(href);
  let referrerHost: string | null = null;
  try {
    const from = referrer ? new URL(referrer) : null;
    if (from && (from.protocol === "https:" || from.protocol === "http:") && from.host !== url.host) referrerHost = hostValue(from.host);
  } catch {
    // Not an address: no referrer.
  }
  const params = url.searchParams;
  return {
    landingPage: pathValue(url.pathname),
    referrerHost,
    utmSource: utmValue(params.get(UTM.utmSource)),
    utmMedium: utmValue(params.get(UTM.utmMedium)),
    utmCampaign: utmValue(params.get(UTM.utmCampaign)),
  };
}

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
