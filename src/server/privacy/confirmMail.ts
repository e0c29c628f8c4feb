import { privacyConfirmPath } from "../../forms/privacyConfirmPath";
import { CONFIRM_LINK_DAYS, PRIVACY_REQUEST_ASKED, PRIVACY_REQUESTS, type PrivacyRequestKind } from "../../forms/privacyRequest/rules";
import { formatLongDate } from "../../content/dates";
import { privacy, site } from "../content";
import type { Delivery, MessageSettings } from "../outbox/delivery";
import type { StoredSubmission } from "../store/submission";
import type { ClaimedMessage } from "../outbox/types";
import { whenLabel } from "../../time/labels";
import { zonedToday } from "../../time/today";
import { visitorMail } from "../outbox/visitorMail";

const isKind = (value: unknown): value is PrivacyRequestKind => (PRIVACY_REQUESTS as readonly unknown[]).includes(value);

/**
 * The mail that lets the person whose address a privacy request names confirm it. Until they do, the
 * address is only what someone typed: so the mail says what was asked in the gym's words (the kind of
 * request) and holds nothing the sender wrote, not even their name. A link that ran out while the mail
 * was waiting, or whose token is gone (the mail was given up on, then retried), is not sent.
 */
export function privacyConfirmMail(submission: StoredSubmission, message: ClaimedMessage, s: MessageSettings): Delivery {
  const { token, expiresAt } = message.data ?? {};
  if (!token || !expiresAt) return { drop: "its link is no longer held" };
  if (Date.parse(expiresAt) <= s.now.getTime()) return { drop: "its link has expired" };
  const { email, request } = submission.payload;
  if (typeof email !== "string") return { drop: "it has no address" };
  const asked = isKind(request) ? PRIVACY_REQUEST_ASKED[request] : "to act on the data we hold about this e-mail address";
  const day = formatLongDate(zonedToday(message.createdAt).date);
  return {
    mail: visitorMail(s, {
      to: email,
      subject: `Confirm your privacy request to ${site.name} (${submission.id})`,
      lines: [
        `On ${day}, someone asked ${site.name}, on our website's privacy request form, ${asked}.`,
        "We act on a request only for the person it concerns. If it was you, confirm it here:",
        "",
        `${s.siteUrl}${privacyConfirmPath(token)}`,
        "",
        `The link works once, for ${CONFIRM_LINK_DAYS} days: until ${whenLabel(expiresAt)}.`,
        `Once you confirm, we answer within ${privacy.requestResponseDays} days.`,
        "",
        "If you did not ask, ignore this e-mail: nothing happens.",
        "",
        `Your reference: ${submission.id}`,
        "",
      ],
      messageId: `<${submission.id}.privacy-confirm@${s.domain}>`,
    }),
  };
}
