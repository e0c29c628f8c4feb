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

export function checkContentType(headers: IncomingHttpHeaders): Rejection | null {
  const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return null;
  return { status: 415, error: "Send the form as application/json." };
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Same-site only: a browser on another site cannot post a visitor's data here. Requests without an
 * Origin (curl, the staff's own scripts) are allowed; the rate limit still applies.
 */
export function checkOrigin(headers: IncomingHttpHeaders, siteUrl?: string): Rejection | null {
  const own = new Set([headers.host?.toLowerCase(), hostOf(siteUrl)].filter((host): host is string => Boolean(host)));
  const origin = headers.origin;
  if (origin !== undefined) {
    const host = hostOf(origin);
    if (!host || !own.has(host)) return { status: 403, error: "Forms can only be sent from this website." };
  }
  if (headers["sec-fetch-site"] === "cross-site") return { status: 403, error: "Forms can only be sent from this website." };
  return null;
}
