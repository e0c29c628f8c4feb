import type { IncomingHttpHeaders } from "node:http";

/**
 * Checks every form request passes before its body is looked at. Each returns null when the request
 * may go on, or the status and message to answer with.
 */
export interface Rejection {
  status: number;
  error: string;
  headers?: Record<string, string>;
}

export function checkMethod(method: string | undefined): Rejection | null {
  if (method === "POST") return null;
  return { status: 405, error: "Send the form with POST.", headers: { Allow: "POST" } };
}

const typeOf = (headers: IncomingHttpHeaders) => (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();

/**
 * JSON only: what the page's script and the staff console send. A cross-site page cannot send it
 * without asking first (a CORS preflight), one more layer against forged requests.
 */
export function checkContentType(headers: IncomingHttpHeaders): Rejection | null {
  if (typeOf(headers) === "application/json") return null;
  return { status: 415, error: "Send the form as application/json." };
}

/** A visitor's form endpoint also takes a form the browser posted itself, urlencoded (no script). */
export function checkFormContentType(headers: IncomingHttpHeaders): Rejection | null {
  if (typeOf(headers) === "application/x-www-form-urlencoded") return null;
  return checkContentType(headers);
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

const FOREIGN: Rejection = { status: 403, error: "Forms can only be sent from this website." };

/**
 * Same-origin only (scheme, host and port): a browser on another site, or on this site's plain-HTTP
 * address, cannot post a visitor's data here. The site's own origin is SITE_URL's, or the one the
 * request was made to (its Host, on the scheme the server or its proxy received it on). Requests
 * without an Origin (curl, the staff's own scripts) are allowed; the rate limit still applies.
 */
export function checkOrigin(headers: IncomingHttpHeaders, siteUrl: string | undefined, scheme: "http" | "https"): Rejection | null {
  const own = new Set([originOf(headers.host ? `${scheme}://${headers.host}` : undefined), originOf(siteUrl)]);
  own.delete(null);
  const origin = headers.origin;
  if (origin !== undefined && !own.has(originOf(origin))) return FOREIGN;
  if (headers["sec-fetch-site"] === "cross-site") return FOREIGN;
  return null;
}

/** Whether any string in a JSON value (its keys included) holds a NUL, which PostgreSQL cannot store in text. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || holdsNul(inner));
  return false;
}

/**
 * Staff text (notes, replies, templates, addresses) with a NUL in it: no keyboard types one, and stored
 * on PostgreSQL it would fail as a 500, so it is refused before any route reads it.
 */
export const NUL_REFUSED: Rejection = {
  status: 422,
  error: "What you sent holds an invisible character that cannot be saved (a NUL). Type it again, or paste it as plain text.",
};
