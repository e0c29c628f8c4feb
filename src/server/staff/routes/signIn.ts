import { email as emailSchema } from "../../../forms/schemas/fields";
import { clientAddress, rateLimitKey } from "../../http/clientAddress";
import { errorSummary } from "../../log";
import { processState } from "../../process/state";
import { consolePath } from "../../../desk/paths";
import {
  addressKey,
  clearedSignInCookie,
  deviceCookie,
  deviceTokenOf,
  hashToken,
  isToken,
  newToken,
  sessionCookie,
  signInCookie,
} from "../auth";
import { StaffError, type PublicContext, type PublicRoute, type Reply } from "../guard";
import { mailEnabled } from "../../process/settings";
import type { StaffAccount, StaffStore } from "../types";

/**
 * Links asked for in an hour. A stranger who knows a staff address (the gym's own is public) must not
 * be able to keep its owner out by asking for links. What they ask for from one connection counts
 * against that connection's share of the address, but the per-address cap, which bounds what any number
 * of connections can send to one inbox, is shared: four connections, or one IPv6 /48 (65,536 /64s, each
 * its own client), fill it. So a browser its owner has signed in on before (a known device, with its
 * `__Host-staff-device` cookie) asking for that same address counts only against its own small limit,
 * never against the connection's or the address's: no stranger can spend it, whatever they send. Every
 * other request (a first-time browser, a forged, expired or another person's device cookie) meets the
 * shared limits as before. The device grants nothing by itself: a session still needs the mailed link.
 */
export const LINK_LIMITS = {
  /** From one connection, for any addresses: past it the answer is 429 (it says nothing about an address). */
  perClient: 10,
  /** For one address from one connection: past it nothing is sent, silently. */
  perAddressAndClient: 5,
  /** For one address from all connections together: past it nothing is sent, silently. */
  perAddress: 20,
  /** From one known device, for its own address: past it nothing is sent, silently. Nothing else counts here. */
  perDevice: 5,
} as const;

export const LINK_SENT =
  "If that address belongs to the gym's staff, an e-mail with a sign-in link and a code is on its way to it. Either works once, for 15 minutes.";

/** Why a link did not sign in, in words for the person holding it; each ends with what to do. */
export const LINK_REFUSED = {
  used: "This sign-in link has already been used. Ask for a new one below.",
  expired: "This sign-in link has expired: links work for 15 minutes. Ask for a new one below.",
  unknown: "This sign-in link is not valid. Ask for a new one below.",
} as const;

type SignInLimits = NonNullable<ReturnType<typeof processState>["signInLimits"]>;

function signInLimits(store: StaffStore): SignInLimits {
  const state = processState();
  const hour = (keyPrefix: string, points: number) => store.rateLimiter({ keyPrefix, points, durationSeconds: 3_600 });
  state.signInLimits ??= {
    perClient: hour("sign-in-client", LINK_LIMITS.perClient),
    perAddressAndClient: hour("sign-in-address-client", LINK_LIMITS.perAddressAndClient),
    perAddress: hour("sign-in-address", LINK_LIMITS.perAddress),
    perDevice: hour("sign-in-device", LINK_LIMITS.perDevice),
  };
  return state.signInLimits;
}

/** Whether the limiter still has a point for the key; counts it. A limiter that cannot count lets it through. */
async function withinLimit(limiter: SignInLimits["perClient"], key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof Error) {
      console.error(`Could not count a sign-in link against its limit: ${errorSummary(rejection)}`);
      return true;
    }
    return false;
  }
}

/**
 * Whether the request comes from a browser `email`'s owner has signed in on: its device cookie is
 * remembered, not expired, and for this same address. Looked up by the token's hash alone, so the work
 * is the same whoever the address asked for belongs to, and a cookie for another address counts as none.
 */
async function knownDevice(
  store: StaffStore,
  req: PublicContext<StaffStore>["req"],
  email: string,
  now: Date,
): Promise<string | undefined> {
  const token = deviceTokenOf(req.headers);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  return (await store.deviceOwner(tokenHash, now)) === email ? tokenHash : undefined;
}

/**
 * POST /api/staff/sign-in {email, next?}: the same answer, by the same work, for every address, so
 * nobody learns who is staff: within the limits the request is kept, bound to this browser by a new
 * `__Host-staff-sign-in` cookie (for the mail's code), one e-mail is queued in the outbox, whoever the
 * address belongs to, and the answer goes; past them, the answer alone, and nothing is written. The
 * sender, after the answer, makes the link and its code for a staff address (and the first owner's
 * account on a fresh install) and drops the rest (issueSignInLink). `next`, the console page the person was going to, rides in the mail's link if it is
 * one (desk/paths.ts's consolePath), and is left out if not. A known device's request counts against its
 * own limit instead of the shared ones (LINK_LIMITS); its answer is the same 202 with the same body as
 * anyone's. A request past the limits gets no new cookie: that says only that the address was asked
 * for many times this hour, which the limits make true of any address, staff or not.
 */
export const signIn: PublicRoute<StaffStore> = {
  kind: "public",
  async POST({ req, store, config, now, body, kick }) {
    const parsed = emailSchema.safeParse(body.email);
    if (!parsed.success) throw new StaffError(422, parsed.error.issues[0]?.message ?? "Enter your email address");
    const email = parsed.data;
    const limits = signInLimits(store);
    const device = await knownDevice(store, req, email, now);
    let allowed: boolean;
    if (device) {
      allowed = await withinLimit(limits.perDevice, device.slice(0, 32));
    } else {
      const client = rateLimitKey(clientAddress(req, config.trustProxy));
      if (!(await withinLimit(limits.perClient, client))) {
        throw new StaffError(429, "Too many sign-in links asked for from this connection. Wait an hour, or use a link already sent.");
      }
      const address = addressKey(email);
      // The address's cap counts only what this connection's share let through: one connection spends at most its share.
      allowed = (await withinLimit(limits.perAddressAndClient, `${address}:${client}`)) && (await withinLimit(limits.perAddress, address));
    }
    // Past the limits the answer is the same and nothing is written: a stranger asking for someone
    // else's address grows no table and spends nothing of theirs. The browser keeps the request it had,
    // so a code mailed to it before still works there.
    if (!allowed) return { status: 202, json: { message: LINK_SENT } };
    if (!mailEnabled(config))
      console.error("A sign-in request waits in the outbox: SMTP_URL and STAFF_EMAIL must both be set to send links.");
    // A new request, a new cookie: a code belongs to the one request it was mailed for.
    const browser = newToken();
    await store.requestSignIn(email, now, { browserHash: hashToken(browser), next: consolePath(body.next) });
    return { status: 202, json: { message: LINK_SENT }, headers: { "Set-Cookie": signInCookie(browser) }, afterReply: kick };
  },
};

/**
 * Signs `account` in on the browser asking, by link or by code: a new session in a `__Host-` cookie, in
 * the audit log, and the browser remembered as a known device of that person for a year (renewed if it
 * already is one; replacing another person's device if they signed in on it before). Its sign-in
 * request, if it had one, is of no further use: its cookie is cleared.
 */
export async function startSession(
  store: StaffStore,
  req: PublicContext<StaffStore>["req"],
  account: Pick<StaffAccount, "email" | "role">,
  now: Date,
): Promise<Reply> {
  const session = newToken();
  await store.createSession(hashToken(session), account.email, now);
  await store.audit({ at: now, actor: account.email, action: "staff.sign-in", target: null });
  const before = deviceTokenOf(req.headers);
  const beforeHash = before && hashToken(before);
  const device = before && (await store.deviceOwner(hashToken(before), now)) === account.email ? before : newToken();
  await store.rememberDevice(hashToken(device), account.email, now, beforeHash);
  return {
    status: 200,
    json: { email: account.email, role: account.role },
    headers: { "Set-Cookie": [sessionCookie(session), deviceCookie(device), clearedSignInCookie()] },
  };
}

/**
 * POST /api/staff/sign-in-link {token}: spends a link (only the page it opens posts it, so a mail
 * scanner that follows links spends nothing; its code goes with it) and signs in the browser that
 * opened it (startSession): on a phone, the mail app's own browser, if that is where it opened.
 */
export const signInLink: PublicRoute<StaffStore> = {
  kind: "public",
  async POST({ req, store, now, body }) {
    const token = body.token;
    if (!isToken(token)) throw new StaffError(400, LINK_REFUSED.unknown);
    const result = await store.useSignInLink(hashToken(token), now);
    if (typeof result === "string") throw new StaffError(result === "unknown" ? 400 : 410, LINK_REFUSED[result]);
    return startSession(store, req, result, now);
  },
};
