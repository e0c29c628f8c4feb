import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { ANSWER_PAGE_POLICY, API_HEADERS, SECURITY_HEADERS } from "../../headers";
import { clientAddress, rateLimitKey, requestScheme, type RequestLike } from "./clientAddress";
import type { ServerConfig } from "../config";
import { checkContentType, checkFormContentType, checkMethod, checkOrigin, type Rejection } from "./guards";
import { errorSummary } from "../log";
import { hitClientLimit, type LimitResult } from "./rateLimit";
import { serverConfig } from "../process/settings";
import type { Limits } from "../store/limiter";

/**
 * What every endpoint's answer shares, written once: its headers, a refusal, the store's 503, the count
 * against a rate limit, and the front of a public POST (the forms, a cancel link, a privacy
 * confirmation). The staff routes' door (src/server/staff/guard.ts) and the production server's
 * function adapter (host/functions.ts) use the same pieces; each endpoint adds only its own part.
 */

/**
 * What the running process gives an endpoint (app/runtime.ts makes it): the store, opened once per
 * process with the queries the endpoint's feature asks for; the rate limits, counted in that store; and
 * a kick of the outbox, which sends what a request queued without holding up its answer.
 */
export interface Runtime<Store> {
  store(): Promise<Store>;
  limits(): Promise<Limits>;
  kick(): void;
}

/** What a 503 asks the browser to wait: the store is restarting or busy, rarely for long. */
export const STORE_RETRY_AFTER_SECONDS = 30;

export type ApiRequest = GatsbyFunctionRequest & RequestLike;

/** What an answer is written with: Gatsby's function response and Express's (host/) both have it. */
export interface ApiResponse {
  setHeader(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

/**
 * Every /api answer's headers (no-store, nosniff, HSTS, a `default-src 'none'` CSP; a page answered
 * to a form posted without script replaces the last: sendPage), set before any check so a refusal
 * carries them too; `noindex` for what answers a link in an e-mail or the console.
 */
export function apiHeaders(res: ApiResponse, { noindex = false } = {}): void {
  for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
  if (noindex) res.setHeader("X-Robots-Tag", "noindex");
}

/** Answers a refusal: its status and headers, and `{ error }` with anything the endpoint adds. */
export function refuse(res: ApiResponse, { status, error, headers }: Rejection, extra: Record<string, unknown> = {}): void {
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  res.status(status).json({ ...extra, error });
}

/** The store could not be reached or could not commit: nothing was done, and the browser may try again soon. */
export function storeUnavailable(error: string): Rejection {
  return { status: 503, error, headers: { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) } };
}

/**
 * Counts a request against a limit: the 429 to answer, or null to go on. If the store cannot count (it
 * is down), the request goes on: storing it will fail the same way and answer 503, while bad input still
 * gets its 4xx. `what` names the request in the log line ("a contact request").
 */
export async function limitRefusal(
  runtime: Runtime<unknown>,
  what: string,
  count: (limits: Limits) => Promise<LimitResult>,
  tooMany: (scope: Exclude<LimitResult, { allowed: true }>["scope"]) => string,
): Promise<Rejection | null> {
  let result: LimitResult;
  try {
    result = await count(await runtime.limits());
  } catch (error) {
    console.error(`Could not count ${what} against the rate limit: ${errorSummary(error)}`);
    return null;
  }
  if (result.allowed) return null;
  return { status: 429, error: tooMany(result.scope), headers: { "Retry-After": String(result.retryAfterSeconds) } };
}

export interface PublicPostRules {
  /** The per-connection limit it counts against: the form's name, or the endpoint's. */
  limit: string;
  /** How the log names one such request: "a contact request", "an intro-cancel request". */
  what: string;
  /** The 429's sentence for the visitor. */
  tooMany: string;
  noindex?: boolean;
  /** A visitor's form: a urlencoded post (the browser's own, without script) is read too. */
  formPosts?: boolean;
}

export interface PublicPost {
  request: ApiRequest;
  config: ServerConfig;
  /** The connection's key for the rate limits (src/server/http/clientAddress.ts). */
  clientKey: string;
  /** The parsed body, not yet checked to be an object. */
  body: unknown;
}

/**
 * The front of every public POST, in this order: POST only (405); the same origin (403); the
 * connection's rate limit (429), counted before the body is looked at so junk counts too; JSON only, or
 * for a visitor's form also urlencoded (415). The refusal, or what the request goes on with.
 */
export async function guardPublicPost(
  runtime: Runtime<unknown>,
  req: GatsbyFunctionRequest,
  rules: PublicPostRules,
): Promise<PublicPost | Rejection> {
  const config = serverConfig();
  const request = req as ApiRequest;
  const early = checkMethod(req.method) ?? checkOrigin(req.headers, config.siteUrl, requestScheme(request, config.trustProxy));
  if (early) return early;
  const clientKey = rateLimitKey(clientAddress(request, config.trustProxy));
  const limited = await limitRefusal(
    runtime,
    rules.what,
    (limits) => hitClientLimit(limits, rules.limit, clientKey),
    () => rules.tooMany,
  );
  if (limited) return limited;
  const type = (rules.formPosts ? checkFormContentType : checkContentType)(req.headers);
  if (type) return type;
  return { request, config, clientKey, body: req.body };
}

/** The API headers, then the front of a public POST (guardPublicPost); answers and returns null when the request goes no further. */
export async function publicPost(
  runtime: Runtime<unknown>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  rules: PublicPostRules,
): Promise<PublicPost | null> {
  apiHeaders(res, { noindex: rules.noindex });
  const guarded = await guardPublicPost(runtime, req, rules);
  if ("status" in guarded) {
    refuse(res, guarded);
    return null;
  }
  return guarded;
}

/**
 * What a visitor may book now is kept a few seconds in the browser's own cache, which absorbs reloads;
 * a booked time or seat is gone from the list within that time, and a visitor who picks it anyway gets
 * a 409 and a fresh list. Private, so no CDN keeps a list that the refresh after a 409 could not get
 * past.
 */
export const OPEN_NOW_CACHE_CONTROL = "private, max-age=15";

/** A GET of what a visitor may book now: what the 405 calls it, the store's failure, and how it is read. */
export interface OpenNow<Store> {
  /** "the open times": the 405 says to ask for it with GET. */
  what: string;
  /** What the log says could not be read: "the intro bookings". */
  stored: string;
  /** The 503's sentence for the visitor. */
  unavailable: string;
  read(store: Store): Promise<object>;
}

/**
 * GET (or HEAD) of what a visitor may book now, read from the store (the free intros' open times, the
 * kids' trial classes): any other method is a 405, the store's failure a 503 with the visitor's
 * sentence, and the answer is kept OPEN_NOW_CACHE_CONTROL.
 */
export async function answerOpenNow<Store>(
  runtime: Runtime<Store>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  open: OpenNow<Store>,
): Promise<void> {
  apiHeaders(res);
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    res.status(405).json({ error: `Ask for ${open.what} with GET.` });
    return;
  }
  let body: object;
  try {
    body = await open.read(await runtime.store());
  } catch (error) {
    console.error(`Could not read ${open.stored}: ${errorSummary(error)}`);
    res.status(503).json({ error: open.unavailable });
    return;
  }
  res.setHeader("Cache-Control", OPEN_NOW_CACHE_CONTROL);
  res.status(200).json(body);
}

/**
 * Answers with a page (a form posted without script): the page policy instead of the API's. `referrer`
 * for a page whose address holds a key (a form's confirmation): "strict-origin", so the next page is
 * told the site's origin only, never the address.
 */
export function sendPage(res: GatsbyFunctionResponse, status: number, html: string, referrer?: "strict-origin"): void {
  res.setHeader("Content-Security-Policy", ANSWER_PAGE_POLICY);
  // As the site's pages: the form on this page is posted again from it, and under the API's
  // "no-referrer" the browser would send "Origin: null", which the Origin check refuses.
  res.setHeader("Referrer-Policy", referrer ?? SECURITY_HEADERS["Referrer-Policy"] ?? "strict-origin-when-cross-origin");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.status(status).send(html);
}

/**
 * Post/Redirect/Get: a form posted without script is answered with a redirect to its confirmation, so a
 * reload shows the confirmation again and does not send the form again.
 */
export function seeOther(res: GatsbyFunctionResponse, location: string): void {
  res.setHeader("Location", location);
  res.status(303).send("");
}
