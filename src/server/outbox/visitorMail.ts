import addressparser from "nodemailer/lib/addressparser";
import { site } from "../content";
import type { Mail, MessageSettings } from "./delivery";

/**
 * Who a mail from the gym to a visitor is from: the gym's name (content/site.json), at the address
 * MAIL_FROM gives, whatever name MAIL_FROM carries ("Website forms" suits the staff's alerts, not a
 * visitor's inbox). The name is quoted whole, so a comma or a quote in it stays part of it; nodemailer
 * encodes letters beyond ASCII. A MAIL_FROM without an address is used as it is.
 */
export function fromTheGym(mailFrom: string, name: string = site.name): string {
  const [sender] = addressparser(mailFrom, { flatten: true });
  if (!sender?.address) return mailFrom;
  return `"${name.replace(/["\\]/g, "\\$&")}" <${sender.address}>`;
}

/**
 * A mail from the gym to a visitor about their booking or request: from the gym by name (fromTheGym),
 * with replies going to the gym's own address, opening "Hello," with no name: the address was only
 * typed, and may not be the sender's, so a mail greets nobody by a name someone wrote. `lines` are the
 * body after the greeting.
 */
export function visitorMail(
  s: Pick<MessageSettings, "mailFrom">,
  { lines, ...mail }: Omit<Mail, "from" | "replyTo" | "text"> & { lines: readonly string[] },
): Mail {
  return { ...mail, from: fromTheGym(s.mailFrom), replyTo: site.email, text: ["Hello,", "", ...lines].join("\n") };
}
