import { site } from "../content";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { LINK_TTL_MS } from "./auth";
import type { StaffOperations } from "./types";

/** Where a sign-in link lands: the token rides in the fragment, which browsers never send to a server or a log. */
export const signInPath = (token: string) => `/staff/sign-in/#token=${token}`;

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
  const { to, token } = message.data ?? {};
  if (!to) return { dropped: "it has no address" };
  const issued = await store.issueSignInLink(
    { messageId: message.id, email: to, requestedAt: message.createdAt, token },
    s.now,
    s.ownerEmail,
  );
  return "drop" in issued ? { dropped: DROPPED[issued.drop] } : { ...message, data: { ...message.data, token: issued.token } };
}

/** A staff member's one-time sign-in link, made by prepareSignIn. */
export function signInMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, token } = message.data ?? {};
  if (!to || !token) return { drop: "it has no address or token" };
  const minutes = LINK_TTL_MS / 60_000;
  return {
    mail: {
      to,
      from: s.mailFrom,
      subject: `Sign in to the ${site.name} staff console`,
      text: [
        "Hello,",
        "",
        `Open this link to sign in to the ${site.name} staff console. It works once, for ${minutes} minutes:`,
        "",
        `${s.siteUrl}${signInPath(token)}`,
        "",
        "If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.",
        "",
      ].join("\n"),
      messageId: `<sign-in.${message.id}@${s.domain}>`,
    },
  };
}
