import { staffPaths } from "../../desk/paths";
import { site } from "../content";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { LINK_TTL_MS } from "./auth";
import type { StaffOperations } from "./types";

/**
 * Where a sign-in link lands: the token rides in the fragment, which browsers never send to a server or
 * a log; the console page to go on to (checked when asked for: desk/paths.ts's consolePath), in the query.
 */
export const signInPath = (token: string, next?: string) =>
  `${staffPaths.signIn}${next ? `?next=${encodeURIComponent(next)}` : ""}#token=${token}`;

const DROPPED = {
  "not-staff": "no staff account has its address",
  expired: "it waited longer than a link lives",
  "link-gone": "its link was used, voided or has expired",
} as const;

/**
 * The sender's step before a sign-in mail: the request becomes a link only now, after the visitor's
 * answer, and only for a staff address (the store decides, in one transaction). What is not to be sent
 * is gone from the outbox; `dropped` says why, in words for the log (no address, no token).
 */
export async function prepareSignIn(
  store: StaffOperations,
  message: ClaimedMessage,
  s: Pick<MessageSettings, "now" | "ownerEmail">,
): Promise<ClaimedMessage | { dropped: string }> {
  const { to, token, code, request, next } = message.data ?? {};
  if (!to) return { dropped: "it has no address" };
  const issued = await store.issueSignInLink(
    { messageId: message.id, email: to, requestedAt: message.createdAt, token, code, browserHash: request, next },
    s.now,
    s.ownerEmail,
  );
  return "drop" in issued ? { dropped: DROPPED[issued.drop] } : { ...message, data: { ...message.data, ...issued } };
}

/**
 * A staff member's one-time sign-in e-mail, made by prepareSignIn: the code first (a phone shows the
 * start of a mail in its notification, and reading it there leaves the page that asked open), then the
 * link, which signs in whichever browser opens it. A request from a browser an older release queued
 * has no code: its mail is the link alone.
 */
export function signInMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, token, code, next } = message.data ?? {};
  if (!to || !token) return { drop: "it has no address or token" };
  const minutes = LINK_TTL_MS / 60_000;
  const link = `${s.siteUrl}${signInPath(token, next)}`;
  const text = code
    ? [
        `To sign in to the ${site.name} staff console, enter this code on the page where you asked:`,
        "",
        `    ${code}`,
        "",
        "Or open this link, which signs in the browser it opens in:",
        "",
        link,
        "",
        `The code and the link work once, for ${minutes} minutes; the code only in the browser that asked for it.`,
        "Nobody from the gym will ever ask you for this code.",
        "",
        "If you did not ask to sign in, ignore this e-mail: nobody can sign in without it.",
        "",
      ]
    : [
        "Hello,",
        "",
        `Open this link to sign in to the ${site.name} staff console. It works once, for ${minutes} minutes:`,
        "",
        link,
        "",
        "If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.",
        "",
      ];
  return {
    mail: {
      to,
      from: s.mailFrom,
      subject: `Sign in to the ${site.name} staff console`,
      text: text.join("\n"),
      messageId: `<sign-in.${message.id}@${s.domain}>`,
    },
  };
}
