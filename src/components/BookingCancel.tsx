import { Link } from "gatsby";
import type { ApiName } from "../forms/endpoints";
import { TokenLinkPage } from "./TokenLinkPage";

/** What one kind of booking's cancel page says and where it sends the token. */
export interface CancelPageWords {
  heading: string;
  /** The endpoint the token is posted to: /api/<name>. */
  endpoint: ApiName;
  /** Above the button: what cancelling does. */
  ask: string;
  button: string;
  /** The answer when the server's has no sentence. */
  done: string;
  /** Where to book again once cancelled. */
  again: { to: string; text: string };
}

/**
 * A visitor cancels their own booking with the link in its e-mails (/intro/cancel/, the kids' trial's
 * /programs/crossfitkids/trial/cancel/). Built from its booking page's template (src/node/pages.ts), so
 * it adds no page component to the chunk map every public page carries.
 */
export function BookingCancel({ words }: { words: CancelPageWords }) {
  return (
    <TokenLinkPage
      // The booking's own words, and what every booking's cancel page says.
      words={{
        ...words,
        headingId: "cancel-heading",
        noScript:
          "Cancelling here needs JavaScript, which is turned off in this browser. Turn it on and open the link again, or reply to your booking e-mail or call us, and we will cancel it for you.",
        noLink: "This page needs the link from your booking e-mail. Open the link in the e-mail again, or call us.",
        sending: "Cancelling…",
        offline: "We could not reach the website. Check your connection and try again, or call us.",
      }}
      closing={(end) =>
        end.kind === "done" && (
          <p>
            Changed your mind? <Link to={words.again.to}>{words.again.text}</Link>.
          </p>
        )
      }
    />
  );
}
