import { site } from "../content";
import type { Delivery, MessageSettings } from "../messages";
import type { ClaimedMessage } from "../store/types";
import { LINK_TTL_MS } from "./auth";

/** Where a sign-in link lands: the token rides in the fragment, which browsers never send to a server or a log. */
export const signInPath = (token: string) => `/staff/sign-in/#token=${token}`;

/**
 * A staff member's one-time sign-in link. A link whose 15 minutes ran out while the mail was waiting is
 * not sent: it could only disappoint.
 */
export function signInMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, token } = message.data ?? {};
  if (!to || !token) return { drop: "it has no address or token" };
  if (s.now.getTime() - message.createdAt.getTime() >= LINK_TTL_MS) return { drop: "its link has expired" };
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
