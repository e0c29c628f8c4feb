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

/** Deeper than any form or console request nests (they are flat objects with a list or two). */
export const MAX_DEPTH = 32;

/** Half of a surrogate pair: an emoji cut in two, which PostgreSQL's JSON refuses and its text mangles. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What in a JSON value (its keys included) cannot be stored as sent: a NUL, half of a surrogate pair, or
 * nesting deeper than MAX_DEPTH. Walked with a list, not recursion, so no body runs it out of stack.
 */
export function unstorable(value: unknown): "nul" | "lone surrogate" | "too deep" | null {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return "nul";
      if (LONE_SURROGATE.test(item)) return "lone surrogate";
    } else if (typeof item === "object" && item !== null) {
      if (depth >= MAX_DEPTH) return "too deep";
      if (Array.isArray(item)) for (const inner of item) pending.push([inner, depth + 1]);
      else
        for (const [key, inner] of Object.entries(item)) {
          pending.push([key, depth + 1], [inner, depth + 1]);
        }
    }
  }
  return null;
}

/**
 * Staff text (notes, replies, templates, addresses) with a NUL in it: no keyboard types one, and stored
 * on PostgreSQL it would fail as a 500, so it is refused before any route reads it.
 */
export const NUL_REFUSED: Rejection = {
  status: 422,
  error: "What you sent holds an invisible character that cannot be saved (a NUL). Type it again, or paste it as plain text.",
};

export const LONE_SURROGATE_REFUSED: Rejection = {
  status: 422,
  error: "What you sent holds a character that cannot be saved (half of an emoji). Delete the last emoji and type it again.",
};

export const TOO_DEEP: Rejection = { status: 400, error: "Send a JSON object of plain fields: this one is nested too deeply." };
