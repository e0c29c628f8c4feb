import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { formatLongDate } from "../../content/dates";
import { CONFIRM_LINK_DAYS } from "../../forms/privacyRequest/rules";
import { requestDueDate } from "../content";
import { tokenLinkPost } from "../forms/tokenLink";
import type { Runtime } from "../http/pipeline";
import type { ConfirmOutcome, RequestOperations } from "./types";
import { mailEnabled, serverNow } from "../process/settings";
import { zonedToday } from "../../time/today";

const answerBy = (confirmedAt: Date) => formatLongDate(requestDueDate(confirmedAt));

/** The visitor's answers, one per outcome of their link: each says what happens next, or what to do. */
export function confirmAnswer(outcome: ConfirmOutcome): string {
  switch (outcome.state) {
    case "confirmed":
      return `Your request ${outcome.reference} is confirmed. We will answer by e-mail by ${answerBy(outcome.confirmedAt)} at the latest.`;
    case "already-confirmed":
      return (
        `This request (${outcome.reference}) was already confirmed on ${formatLongDate(zonedToday(outcome.confirmedAt).date)}. ` +
        `We will answer by e-mail by ${answerBy(outcome.confirmedAt)} at the latest; there is nothing more to do.`
      );
    case "expired":
      return `This link has expired: it worked for ${CONFIRM_LINK_DAYS} days. To go on, send your request again.`;
    case "unknown":
      return "This link does not match any request. Use the link in the newest e-mail about your request, or send your request again.";
  }
}

const STATUS: Record<ConfirmOutcome["state"], number> = { confirmed: 200, "already-confirmed": 200, expired: 410, unknown: 404 };
const TOO_MANY = "Too many tries from your connection. Please wait a minute and try again.";
const UNAVAILABLE = "We could not confirm your request just now. Please try again in a minute.";

/**
 * POST /api/privacy-confirm {token}: the link mailed to the address a privacy request names
 * (src/components/PrivacyConfirm.tsx), a mailed link's POST (forms/tokenLink.ts): the token confirms
 * only its own request, once, before it expires. The answer's `state` is the outcome; its `message`
 * (200) or `error` is the sentence to show.
 */
export async function privacyConfirm(
  runtime: Runtime<RequestOperations>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  const outcome = await tokenLinkPost(runtime, req, res, {
    limit: "privacy-confirm",
    what: "a privacy-confirm request",
    tooMany: TOO_MANY,
    work: "confirm a privacy request",
    unavailable: UNAVAILABLE,
    unknown: { state: "unknown" },
    use: (store, tokenHash, { config }) => store.confirmRequest(tokenHash, now, { notify: mailEnabled(config) }),
    answer: (outcome: ConfirmOutcome) => ({
      status: STATUS[outcome.state],
      sentence: confirmAnswer(outcome),
      extra: { state: outcome.state },
    }),
  });
  if (outcome?.state === "confirmed") runtime.kick();
}
