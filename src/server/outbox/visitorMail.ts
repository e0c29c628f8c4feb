import { site } from "../content";
import type { Mail, MessageSettings } from "./delivery";

/**
 * A mail from the gym to a visitor about their booking or request: from MAIL_FROM, with replies going
 * to the gym's own address, opening "Hello," with no name: the address was only typed, and may not be
 * the sender's, so a mail greets nobody by a name someone wrote. `lines` are the body after the
 * greeting.
 */
export function visitorMail(
  s: Pick<MessageSettings, "mailFrom">,
  { lines, ...mail }: Omit<Mail, "from" | "replyTo" | "text"> & { lines: readonly string[] },
): Mail {
  return { ...mail, from: s.mailFrom, replyTo: site.email, text: ["Hello,", "", ...lines].join("\n") };
}
