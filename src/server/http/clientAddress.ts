import type { IncomingHttpHeaders } from "node:http";
import ipaddr from "ipaddr.js";

/**
 * Who sent a request, as far as the host can vouch for it: the rate limit counts per answer of this
 * module, so a client must not be able to choose it.
 *
 * - On Netlify the adapter builds the request from the platform's event and there is no socket; the
 *   platform's own client-IP header is the only trustworthy source. A request with a socket never
 *   reads that header, so a client cannot send it to a self-hosted server and be believed.
 * - Behind nginx (TRUST_PROXY=1), the proxy sets X-Forwarded-For to the address it saw. Its last entry
 *   is the one the nearest proxy wrote, so even a proxy that appends cannot be fooled by a client's
 *   own header.
 * - Otherwise, the socket's address.
 */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string } | null;
  /** Set by gatsby-adapter-netlify's function wrapper on every request it builds. */
  netlifyFunctionParams?: unknown;
}

export const NETLIFY_CLIENT_IP_HEADER = "x-nf-client-connection-ip";

function lastEntry(header: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(header) ? header.join(",") : header;
  return joined?.split(",").pop()?.trim() || undefined;
}

export function clientAddress(req: RequestLike, trustProxy: boolean): string | undefined {
  if (!req.socket && req.netlifyFunctionParams !== undefined) return lastEntry(req.headers[NETLIFY_CLIENT_IP_HEADER]);
  if (trustProxy) {
    const forwarded = lastEntry(req.headers["x-forwarded-for"]);
    if (forwarded) return forwarded;
  }
  return req.socket?.remoteAddress ?? undefined;
}

/**
 * The scheme the visitor's browser used, by the same rules of trust: Netlify's own header, the
 * proxy's X-Forwarded-Proto behind nginx, else whether the socket itself is TLS.
 */
export function requestScheme(req: RequestLike, trustProxy: boolean): "http" | "https" {
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | null | undefined)?.encrypted);
  let forwarded: string | undefined;
  if (!req.socket && req.netlifyFunctionParams !== undefined) forwarded = lastEntry(req.headers["x-forwarded-proto"]) ?? "https";
  else if (trustProxy) forwarded = lastEntry(req.headers["x-forwarded-proto"]);
  return (forwarded ?? (encrypted ? "https" : "http")).toLowerCase() === "https" ? "https" : "http";
}

/**
 * The key one client's requests are counted under. IPv4 addresses count one by one (IPv4-mapped IPv6
 * included); IPv6 addresses count per /64, the block a single home or phone is given, so one visitor
 * cannot take a fresh address for every request. Anything unparseable shares one key.
 *
 * `ipv6Prefix` 56 counts a whole home's delegation instead (many providers give a home a /56, that is
 * 256 /64s): for a scarce thing such as the free intros' times, where one home must not get 256 shares.
 */
export function rateLimitKey(address: string | undefined, ipv6Prefix: 64 | 56 = 64): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  // The first four groups (64 bits), the fourth's last 8 bits cleared for a /56: 2001:db8:0:100::/56.
  const [a, b, c, d] = (parsed as ipaddr.IPv6).parts as [number, number, number, number];
  const prefix = [a, b, c, ipv6Prefix === 56 ? d & 0xff00 : d];
  return `${prefix.map((part) => part.toString(16)).join(":")}::/${ipv6Prefix}`;
}
