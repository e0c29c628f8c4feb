import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { processState } from "../../process/state";
import { addressKey, CODE_DIGITS, CODE_TRIES, deviceTokenOf, hashToken, signInTokenOf } from "../auth";
import { StaffError, type PublicContext, type PublicRoute } from "../guard";
import type { StaffStore } from "../types";
import { startSession } from "./signIn";

/**
 * Wrong codes counted beyond each request's CODE_TRIES. Anyone can ask for a sign-in e-mail to the
 * owner's address (it is public) and get a request cookie for it, so each request's tries alone would
 * let a stranger guess on and on, asking again every five. So every wrong code for one address counts
 * against that address, however many requests, browsers and connections it is spread over: past
 * `perAddress` in a week, no code is taken for it (the link in the mail still signs in). At most 520
 * guesses a year at a six-digit code: one chance in about 1,900 a year, each five of them mailing the
 * owner a code they did not ask for. As for links (routes/signIn.ts), a browser its owner has signed
 * in on (a known device, for the same address) counts against a share of its own instead, which no
 * stranger can spend.
 */
export const CODE_LIMITS = {
  /** Wrong codes for one address from browsers that are not its known devices, in a week. */
  perAddress: 10,
  /** Wrong codes from one known device for its own address, in a week. */
  perDevice: 10,
} as const;
const WEEK_SECONDS = 7 * 86_400;

/** Why a code did not sign in, in words for the person at the page; each ends with what to do. */
export const CODE_REFUSED = {
  format: `Enter the ${CODE_DIGITS}-digit code from the e-mail.`,
  expired:
    "This browser has no sign-in code waiting: a code works for 15 minutes, in the browser that asked for it. Ask for a new one below.",
  used: "This code can no longer be used: its sign-in link was used or cancelled. Ask for a new one below.",
  spent: "Too many wrong codes. Ask for a new code below.",
  address: "Too many wrong codes for this address lately. Use the link in the e-mail instead.",
} as const;

/** A wrong code's words: how many tries its request has left. */
export function wrongCode(left: number): string {
  if (left <= 0) return "That code is not right, and that was the last try. Ask for a new code below.";
  return `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`;
}

type CodeLimits = NonNullable<ReturnType<typeof processState>["signInCodeLimits"]>;

function codeLimits(store: StaffStore): CodeLimits {
  const state = processState();
  const week = (keyPrefix: string, points: number) => store.rateLimiter({ keyPrefix, points, durationSeconds: WEEK_SECONDS });
  state.signInCodeLimits ??= {
    perAddress: week("sign-in-code-address", CODE_LIMITS.perAddress),
    perDevice: week("sign-in-code-device", CODE_LIMITS.perDevice),
  };
  return state.signInCodeLimits;
}

/**
 * The share a try is counted against: the known device's own, when the browser is one of the request's
 * address (found by its token's hash; the address by its key, as the request keeps it), else the address's.
 */
async function shareOf(
  store: StaffStore,
  req: PublicContext<StaffStore>["req"],
  request: { addressKey: string },
  now: Date,
): Promise<{ limiter: RateLimiterAbstract; key: string }> {
  const limits = codeLimits(store);
  const device = deviceTokenOf(req.headers);
  const deviceHash = device && hashToken(device);
  const owner = deviceHash && (await store.deviceOwner(deviceHash, now));
  if (deviceHash && owner && addressKey(owner) === request.addressKey) return { limiter: limits.perDevice, key: deviceHash.slice(0, 32) };
  return { limiter: limits.perAddress, key: request.addressKey };
}

/**
 * Takes a try from the share; false when it has none left. Unlike a link's limits, a limiter that cannot
 * count refuses (its error is the answer's 503): here the count is what keeps guessing hopeless.
 */
async function takeTry({ limiter, key }: { limiter: RateLimiterAbstract; key: string }): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return false;
  }
}

/**
 * POST /api/staff/sign-in-code {code}: the code of the sign-in e-mail, typed on the page that asked for
 * it, signs in that browser (startSession, as a link does), and only that one: the code is bound to the
 * request whose `__Host-staff-sign-in` cookie the browser was given, so a code typed in any other
 * browser, or for another request, finds nothing to sign in. Each try counts against the request's
 * CODE_TRIES and the address's weekly share (CODE_LIMITS); a request for an address that is nobody's
 * takes codes in the same way and answers the same, so nothing here tells staff from others either.
 * The right code spends the request and its link; a used link spends the code.
 */
export const signInCode: PublicRoute<StaffStore> = {
  kind: "public",
  async POST({ req, store, now, body }) {
    // People copy codes with spaces ("123 456") or a dash: those are not part of it, and cost no try.
    const code = typeof body.code === "string" ? body.code.replace(/[\s-]/g, "") : "";
    if (!new RegExp(`^[0-9]{${CODE_DIGITS}}$`).test(code)) throw new StaffError(422, CODE_REFUSED.format);
    const browser = signInTokenOf(req.headers);
    const browserHash = browser && hashToken(browser);
    const request = browserHash ? await store.signInRequest(browserHash, now) : undefined;
    if (!browserHash || !request) throw new StaffError(410, CODE_REFUSED.expired);
    if (request.tries >= CODE_TRIES) throw new StaffError(429, CODE_REFUSED.spent);
    const share = await shareOf(store, req, request, now);
    if (!(await takeTry(share))) throw new StaffError(429, CODE_REFUSED.address);
    const result = await store.useSignInCode(browserHash, code, now);
    if (typeof result === "object" && "wrong" in result) throw new StaffError(400, wrongCode(result.wrong));
    // Only a wrong code is a guess: anything else gives its try back to the share.
    await share.limiter.reward(share.key, 1);
    if (result === "no-tries") throw new StaffError(429, CODE_REFUSED.spent);
    if (result === "expired" || result === "used") throw new StaffError(410, CODE_REFUSED[result]);
    return startSession(store, req, result, now);
  },
};
