import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { SafeParseReturnType } from "zod";
import type { ServerConfig } from "../config";
import { requestScheme, type RequestLike } from "../http/clientAddress";
import { checkContentType, LONE_SURROGATE_REFUSED, NUL_REFUSED, TOO_DEEP, unstorable, type Rejection } from "../http/guards";
import { errorSummary } from "../log";
import { apiHeaders, refuse, type Runtime, storeUnavailable } from "../http/pipeline";
import { isStoreUnavailable } from "../store/unavailable";
import type { AuditAction } from "../../desk/audit";
import type { StaffRole } from "../../desk/roles";
import type { StaffOperations } from "./types";
import { allows, checkStaffOrigin, clearedSessionCookie, hashToken, sessionActive, sessionNeedsTouch, sessionTokenOf } from "./auth";
import { serverConfig, serverNow } from "../process/settings";

/** What a staff route answers: JSON, or a file to download (CSV, a JSON export). */
export interface Reply {
  status?: number;
  json?: unknown;
  download?: { filename: string; type: string; body: string };
  /** A header given a list (Set-Cookie for two cookies) is sent once per value. */
  headers?: Record<string, string | string[]>;
  /** Work that must not delay the answer or show in its timing (e.g. kicking the outbox): run once it is sent. */
  afterReply?: () => void;
}

/**
 * Everything a public staff route (sign-in) is given. `Store` is what the route asks of the store: the
 * operations it calls (each feature's types.ts names its own); the process gives all of them.
 */
export interface PublicContext<Store> {
  req: GatsbyFunctionRequest & RequestLike;
  store: Store;
  config: ServerConfig;
  now: Date;
  /** The JSON object the request carried ({} for a GET). */
  body: Record<string, unknown>;
  /** The query string's values, first of each name. */
  query: Record<string, string | undefined>;
  /** Sends what the outbox holds now, the route's own messages included, without waiting for it. */
  kick(): void;
}

/** ...and a route behind the session: who is asking, and the audit log. */
export interface StaffContext<Store> extends PublicContext<Store> {
  staff: { email: string; role: StaffRole };
  /** The session's token hash (sign-out ends it). */
  sessionHash: string;
  /** Records what this staff member did to what (a reference or a staff address, never a visitor's details). */
  audit(action: AuditAction, target?: string): Promise<void>;
}

export interface StaffAction<Store> {
  /** The least role that may do it: "coach" (both) or "owner". */
  role: StaffRole;
  run(ctx: StaffContext<Store>): Promise<Reply>;
}

/** A route behind the session: what it does for each method. */
export interface StaffRoute<Store> {
  kind: "staff";
  GET?: StaffAction<Store>;
  POST?: StaffAction<Store>;
}

/** A route anyone may call (asking for and spending a sign-in link): POST only, still Origin-checked. */
export interface PublicRoute<Store> {
  kind: "public";
  POST: (ctx: PublicContext<Store>) => Promise<Reply>;
}

export const SIGNED_OUT: Rejection = { status: 401, error: "You are signed out. Sign in again to go on." };
const NOT_YOURS: Rejection = { status: 403, error: "Only the gym's owner can do this." };
const UNAVAILABLE = storeUnavailable("The staff console's database is busy or out of reach just now. Try again in a minute.");

/** A request's problem the route's own code found: answered with its status and message. */
export class StaffError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "StaffError";
  }
}

/** A route's own answer (a refusal is the pipeline's `refuse`, as for every endpoint). */
function send(res: GatsbyFunctionResponse, reply: Reply): void {
  write(res, reply);
  reply.afterReply?.();
}

function write(res: GatsbyFunctionResponse, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.download) {
    res.setHeader("Content-Type", reply.download.type);
    res.setHeader("Content-Disposition", `attachment; filename="${reply.download.filename}"`);
    res.status(reply.status ?? 200).send(reply.download.body);
    return;
  }
  if (reply.json === undefined) {
    res.status(reply.status ?? 204).end();
    return;
  }
  res.status(reply.status ?? 200).json(reply.json);
}

function queryOf(req: GatsbyFunctionRequest): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.query ?? {})) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") query[name] = first;
  }
  return query;
}

/**
 * The one door of every /api/staff/* request, run before any route's own code. It answers, in order:
 * 405 for a method the route does not have; 415 or 400 for a POST that is not a JSON object or is nested
 * deeper than any form; 422 for text holding a NUL or half an emoji (PostgreSQL cannot store either); for a
 * route behind the session, 401 without a live session (12 h idle, 30 days at most; the cookie is
 * cleared), 403 for a POST whose Origin is not the site's, 403 for a role below the route's. Every
 * answer is `Cache-Control: no-store`. A database that cannot be reached is a 503, any other failure a
 * 500 with one log line naming the route (never a visitor's or staff member's details). The store and the
 * outbox's kick are the process's (`runtime`: app/staff.ts gives it).
 */
export async function guardStaffRoute<Store extends StaffOperations>(
  runtime: Runtime<Store>,
  name: string,
  route: StaffRoute<Store> | PublicRoute<Store>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  apiHeaders(res, { noindex: true });
  const method = req.method === "HEAD" ? "GET" : req.method;
  const allowed = (route.kind === "public" ? ["POST"] : (["GET", "POST"] as const).filter((m) => route[m])).join(", ");
  if (method !== "GET" && method !== "POST") return refuse(res, { status: 405, error: `Use ${allowed}.`, headers: { Allow: allowed } });
  if ((route.kind === "public" && method !== "POST") || (route.kind === "staff" && !route[method])) {
    return refuse(res, { status: 405, error: `Use ${allowed}.`, headers: { Allow: allowed } });
  }
  let body: Record<string, unknown> = {};
  if (method === "POST") {
    const type = checkContentType(req.headers);
    if (type) return refuse(res, type);
    const raw: unknown = req.body;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refuse(res, { status: 400, error: "Send a JSON object." });
    body = raw as Record<string, unknown>;
  }
  const problem = unstorable({ body, query: req.query ?? {} });
  if (problem) return refuse(res, problem === "nul" ? NUL_REFUSED : problem === "too deep" ? TOO_DEEP : LONE_SURROGATE_REFUSED);
  const config = serverConfig();
  const request = req as GatsbyFunctionRequest & RequestLike;
  const foreign = () =>
    method === "POST" ? checkStaffOrigin(req.headers, config.siteUrl, requestScheme(request, config.trustProxy)) : null;

  let store: Store;
  try {
    store = await runtime.store();
  } catch (error) {
    console.error(`/api/staff/${name}: the store could not be opened: ${errorSummary(error)}`);
    return refuse(res, UNAVAILABLE);
  }
  const base: PublicContext<Store> = { req: request, store, config, now, body, query: queryOf(req), kick: runtime.kick };

  try {
    if (route.kind === "public") {
      const crossOrigin = foreign();
      if (crossOrigin) return refuse(res, crossOrigin);
      return send(res, await route.POST(base));
    }
    const action = route[method] as StaffAction<Store>;
    const token = sessionTokenOf(req.headers);
    const sessionHash = token && hashToken(token);
    const session = sessionHash ? await store.findSession(sessionHash) : undefined;
    if (!sessionHash || !session || !sessionActive(session, now)) {
      if (sessionHash && session) await store.endSession(sessionHash);
      return refuse(res, { ...SIGNED_OUT, headers: token ? { "Set-Cookie": clearedSessionCookie() } : {} });
    }
    const crossOrigin = foreign();
    if (crossOrigin) return refuse(res, crossOrigin);
    if (!allows(session.role, action.role)) return refuse(res, NOT_YOURS);
    if (sessionNeedsTouch(session, now)) await store.touchSession(sessionHash, now);
    const staff = { email: session.email, role: session.role };
    const audit = (what: AuditAction, target?: string) => store.audit({ at: now, actor: staff.email, action: what, target });
    return send(res, await action.run({ ...base, staff, sessionHash, audit }));
  } catch (error) {
    if (error instanceof Error && error.name === "StaffError") {
      const { status, headers } = error as StaffError;
      return refuse(res, { status, error: error.message, headers });
    }
    if (isStoreUnavailable(error)) {
      console.error(`/api/staff/${name}: the store is busy or out of reach: ${errorSummary(error)}`);
      return refuse(res, UNAVAILABLE);
    }
    console.error(`/api/staff/${name} failed: ${errorSummary(error)}`);
    return refuse(res, { status: 500, error: "Something went wrong on our side. Try again, and tell the owner if it keeps happening." });
  }
}

/** A body as a route's schema read it, or a 400 with the schema's first sentence for what was wrong. */
export function parsed<T>(result: SafeParseReturnType<unknown, T>): T {
  if (!result.success) throw new StaffError(400, result.error.issues[0]?.message ?? "Check what was sent.");
  return result.data;
}

/** Reads a string field of a request's body or query, or answers 400 naming it. */
export function requireString(values: Record<string, unknown>, field: string, label = field): string {
  const value = values[field];
  if (typeof value !== "string" || value.trim() === "") throw new StaffError(400, `Give ${label}.`);
  return value.trim();
}
