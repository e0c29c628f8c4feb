import { phoneLabel } from "../../desk/leads";
import { leadPath } from "../../desk/paths";
import { alertRecipients } from "../forms/staffAlert";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { ClaimedMessage } from "../outbox/types";
import { escapeControls } from "../printable";
import type { StaffAccount } from "../staff/types";
import type { TextOperations } from "../texts/textStore";
import { whenLabel } from "../../time/labels";

/** As much of a text as the alert quotes: enough to know what it is about on a phone's lock screen. */
const QUOTED = 300;

/**
 * The staff's e-mail of a text a person sent the gym's number (texts/inbound.ts queues it; not for STOP,
 * START or HELP, which the site answers itself): who, the start of what they wrote, and the link to their
 * page, where the thread is and they wait in Needs action until someone answers. Written as it goes,
 * from the text's row: the outbox names the text alone, and a text deleted with its person is not sent.
 * It goes to whom a new lead's alert goes (forms/staffAlert.ts alertRecipients), found as it goes.
 */
export async function prepareTextAlert(
  store: Pick<TextOperations, "text"> & { staffAccounts(): Promise<StaffAccount[]> },
  message: ClaimedMessage,
  settings: Pick<MessageSettings, "staffEmail" | "siteUrl">,
): Promise<ClaimedMessage | { dropped: string }> {
  const id = message.data?.textId;
  const text = id === undefined ? undefined : await store.text(id);
  if (!text?.personId) return { dropped: "its text is gone (deleted with its person)" };
  const { to, bcc } = alertRecipients("contact", await store.staffAccounts(), settings.staffEmail || undefined);
  if (to.length === 0) return { dropped: "it has no staff to go to" };
  const words = escapeControls(text.body.trim(), true);
  const quoted = [...words].length > QUOTED ? `${[...words].slice(0, QUOTED).join("")}…` : words;
  const number = phoneLabel(text.phone);
  return {
    ...message,
    data: {
      ...message.data,
      to: to.join(", "),
      ...(bcc.length > 0 && { bcc: bcc.join(", ") }),
      subject: `A text from ${number}`,
      text: [
        `${number} texted the gym's number on ${whenLabel(text.at.toISOString())}:`,
        "",
        ...quoted.split("\n").map((line) => `    ${line}`),
        "",
        `Answer it from their page, where the whole thread is: ${settings.siteUrl}${leadPath(text.personId)}`,
        "They are in Needs action until someone answers.",
        "",
      ].join("\n"),
    },
  };
}

export function textAlertMail(message: ClaimedMessage, s: MessageSettings): Delivery {
  const { to, bcc, subject, text } = message.data ?? {};
  if (!to || !subject || !text) return { drop: "it has no staff to go to" };
  return { mail: { to, ...(bcc && { bcc }), from: s.mailFrom, subject, text, messageId: `<text-alert.${message.id}@${s.domain}>` } };
}
