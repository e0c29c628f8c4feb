import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { parse, serialize } from "cookie";
import { checkOrigin, type Rejection } from "../http/guards";
import type { StaffRole } from "../../desk/roles";

/**
 * The staff console's security rules in one place: tokens, the session cookie, how long a link and a
 * session live, which role may do what, and the Origin rule for changes. Every /api/staff/* request goes
 * through these (guard.ts); they have unit tests of their own.
 */

/** A sign-in link works this long after it is asked for, and once. */
export const LINK_TTL_MS = 15 * 60_000;
/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 3_600_000;
/** ...and this long after sign-in, however busy. */
export const SESSION_MAX_MS = 30 * 86_400_000;
/** A session's last use is written at most this often, so reading the inbox is not a write per request. */
export const TOUCH_EVERY_MS = 60_000;

/**
 * `__Host-`: the browser sends it only to this host, over HTTPS (or http://localhost), with Path=/, and
 * no subdomain can set it. HttpOnly keeps it from scripts; SameSite=Strict from other sites' requests.
 */
export const SESSION_COOKIE = "__Host-staff";

/**
 * A browser a staff member has signed in on is remembered this long after its latest sign-in: its own
 * cookie, `__Host-staff-device`, under the same rules as the session's. It grants nothing by itself
 * (it is never read as a session, and its token is kept in a table of its own): it only lets that
 * browser ask for the same person's sign-in links under a small limit of its own, which no stranger can
 * spend, instead of the limits strangers share (routes/signIn.ts). Strict is enough: the sign-in page
 * posts from the site itself, and a mail's link opens that page, which then posts.
 */
export const DEVICE_COOKIE = "__Host-staff-device";
export const DEVICE_TTL_MS = 365 * 86_400_000;

/**
 * The browser that asks for a sign-in e-mail gets this cookie, a random token, for as long as the mail's
 * link works: the mail's code signs in only a browser holding it (a code typed anywhere else finds no
 * request; SameSite=Strict and `__Host-` keep other sites from sending or planting it). So a stranger
 * can guess codes only for requests they made themselves, CODE_TRIES at a time, and the route counts
 * those per address (routes/signInCode.ts).
 */
export const SIGN_IN_COOKIE = "__Host-staff-sign-in";
/** Wrong codes a request takes; past them it is spent, and a new request is needed. */
export const CODE_TRIES = 5;
/** The mail's code: six digits, easy to read on one screen and type on another. */
export const CODE_DIGITS = 6;

/** 256 random bits, URL-safe: a link's token, a session's token, a visitor's cancel token. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the store keeps of a token: a database copy never lets anyone sign in or cancel. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A sign-in code: six random digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

/**
 * What the store keeps of a code: its SHA-256 with the hash of the browser's request cookie, so the
 * same code for two requests is kept as two values, and a copy of the database, which holds no
 * cookie, signs nobody in.
 */
export const codeHash = (browserHash: string, code: string) => hashToken(`${browserHash}:${code}`);

/** Whether two stored hashes are the same, in a time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** An address as the sign-in limits and requests count it: its hash, so no table of them holds an address. */
export const addressKey = (email: string) => hashToken(email).slice(0, 32);

/** Whether a string could be one of our tokens (43 base64url characters); anything else is refused unread. */
export function isToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function sessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: SESSION_MAX_MS / 1000,
  });
}

export function deviceCookie(token: string): string {
  return serialize(DEVICE_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

export function signInCookie(token: string): string {
  return serialize(SIGN_IN_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: LINK_TTL_MS / 1000,
  });
}

export function clearedSignInCookie(): string {
  return serialize(SIGN_IN_COOKIE, "", { httpOnly: true, secure: true, sameSite: "strict", path: "/", maxAge: 0 });
}

export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", { httpOnly: true, secure: true, sameSite: "strict", path: "/", maxAge: 0 });
}

/** The token a cookie of the request carries, if it is shaped like one. */
function tokenOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = parse(headers.cookie ?? "")[name];
  return isToken(value) ? value : undefined;
}

/** The session token the request's cookie carries, if it is shaped like one. */
export const sessionTokenOf = (headers: IncomingHttpHeaders) => tokenOf(headers, SESSION_COOKIE);

/** The sign-in request token the request's cookie carries, if it is shaped like one (only the code's route reads it). */
export const signInTokenOf = (headers: IncomingHttpHeaders) => tokenOf(headers, SIGN_IN_COOKIE);

/** The known-device token the request's cookie carries, if it is shaped like one (only sign-in and sign-out read it). */
export const deviceTokenOf = (headers: IncomingHttpHeaders) => tokenOf(headers, DEVICE_COOKIE);

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

/** Whether a session may still be used at `now`: ended by 12 hours idle or 30 days since sign-in. */
export function sessionActive({ createdAt, lastSeenAt }: SessionTimes, now: Date): boolean {
  const t = now.getTime();
  return t - lastSeenAt.getTime() < SESSION_IDLE_MS && t - createdAt.getTime() < SESSION_MAX_MS;
}

/** Whether the session's last use should be written now. */
export function sessionNeedsTouch({ lastSeenAt }: SessionTimes, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS;
}

/** An owner may do everything a coach may, and export, delete, answer privacy requests and manage accounts. */
export function allows(role: StaffRole, needed: StaffRole): boolean {
  return role === "owner" || needed === "coach";
}

const CROSS_ORIGIN: Rejection = { status: 403, error: "Staff changes can only be made from this website's staff console." };

/**
 * A change to staff data must come from the console's own pages: an Origin header naming this site
 * (SITE_URL's origin, or the one the request was made to). Unlike the public forms, a missing Origin
 * is refused too: every browser sends one with a POST, and nothing else has a reason to post here.
 */
export function checkStaffOrigin(headers: IncomingHttpHeaders, siteUrl: string | undefined, scheme: "http" | "https"): Rejection | null {
  if (headers.origin === undefined) return CROSS_ORIGIN;
  return checkOrigin(headers, siteUrl, scheme) && CROSS_ORIGIN;
}
