import { email as emailSchema } from "../../../forms/schemas/fields";
import { clientAddress, rateLimitKey } from "../../clientAddress";
import { errorSummary } from "../../log";
import { processState } from "../../processState";
import { kickOutbox, mailEnabled } from "../../runtime";
import type { SubmissionStore } from "../../store/types";
import { hashToken, isToken, LINK_TTL_MS, newToken, sessionCookie } from "../auth";
import { StaffError, type PublicRoute } from "../guard";

/** Links asked for, per address and per connection, in an hour. */
export const LINKS_PER_HOUR = 5;

export const LINK_SENT =
  "If that address belongs to the gym's staff, a sign-in link is on its way to it. The link works once, for 15 minutes.";

/** Why a link did not sign in, in words for the person holding it; each ends with what to do. */
export const LINK_REFUSED = {
  used: "This sign-in link has already been used. Ask for a new one below.",
  expired: "This sign-in link has expired: links work for 15 minutes. Ask for a new one below.",
  unknown: "This sign-in link is not valid. Ask for a new one below.",
} as const;

function signInLimits(store: SubmissionStore) {
  const state = processState();
  state.signInLimits ??= {
    perAddress: store.rateLimiter({ keyPrefix: "sign-in-address", points: LINKS_PER_HOUR, durationSeconds: 3_600 }),
    perClient: store.rateLimiter({ keyPrefix: "sign-in-client", points: LINKS_PER_HOUR, durationSeconds: 3_600 }),
  };
  return state.signInLimits;
}

/** Whether the limiter still has a point for the key; counts it. A limiter that cannot count lets it through. */
async function withinLimit(limiter: ReturnType<typeof signInLimits>["perAddress"], key: string): Promise<boolean> {
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
 * A fresh install has no staff account, and on a host without a terminal nobody can run `npm run
 * staff`: STAFF_OWNER_EMAIL names the first owner, made when that address first asks for a link. Once
 * any account exists the setting does nothing.
 */
async function firstOwner(store: SubmissionStore, email: string, ownerEmail: string | undefined, now: Date) {
  if (!ownerEmail || email !== ownerEmail || (await store.staffAccounts()).length > 0) return undefined;
  await store.addStaff(email, "owner", now);
  await store.audit({ at: now, actor: "STAFF_OWNER_EMAIL", action: "staff.add", target: email });
  return store.staffAccount(email);
}

/**
 * POST /api/staff/sign-in {email}: the same answer for every address, so nobody learns who is staff.
 * Only for a staff address, and within the limits, is a link made and mailed through the outbox.
 * Past the per-connection limit the answer is 429 (it says nothing about the address); past the
 * per-address limit nothing more is sent, silently, so nobody can fill a coach's inbox.
 */
export const signIn: PublicRoute = {
  kind: "public",
  async POST({ req, store, config, now, body }) {
    const parsed = emailSchema.safeParse(body.email);
    if (!parsed.success) throw new StaffError(422, parsed.error.issues[0]?.message ?? "Enter your email address");
    const email = parsed.data;
    const limits = signInLimits(store);
    if (!(await withinLimit(limits.perClient, rateLimitKey(clientAddress(req, config.trustProxy))))) {
      throw new StaffError(429, "Too many sign-in links asked for from this connection. Wait an hour, or use a link already sent.");
    }
    // Counted for every address, staff or not, so the answer's timing says less about which it is.
    const addressAllowed = await withinLimit(limits.perAddress, email);
    const account = (await store.staffAccount(email)) ?? (await firstOwner(store, email, config.ownerEmail, now));
    if (account && addressAllowed) {
      if (!mailEnabled(config))
        console.error("A staff sign-in link waits in the outbox: SMTP_URL and STAFF_EMAIL must both be set to send it.");
      const token = newToken();
      await store.createSignInLink({
        email,
        token,
        tokenHash: hashToken(token),
        at: now,
        expiresAt: new Date(now.getTime() + LINK_TTL_MS),
      });
      kickOutbox();
    }
    return { status: 202, json: { message: LINK_SENT } };
  },
};

/**
 * POST /api/staff/sign-in-link {token}: spends a link (only the page it opens posts it, so a mail
 * scanner that follows links spends nothing) and starts a session in a `__Host-` cookie.
 */
export const signInLink: PublicRoute = {
  kind: "public",
  async POST({ store, now, body }) {
    const token = body.token;
    if (!isToken(token)) throw new StaffError(400, LINK_REFUSED.unknown);
    const result = await store.useSignInLink(hashToken(token), now);
    if (typeof result === "string") throw new StaffError(result === "unknown" ? 400 : 410, LINK_REFUSED[result]);
    const session = newToken();
    await store.createSession(hashToken(session), result.email, now);
    await store.audit({ at: now, actor: result.email, action: "staff.sign-in", target: null });
    return { status: 200, json: { email: result.email, role: result.role }, headers: { "Set-Cookie": sessionCookie(session) } };
  },
};
