import { Link } from "gatsby";
import { pathTo } from "../routes";
import { TokenLinkPage } from "./TokenLinkPage";

/**
 * /privacy/confirm/: the person whose address a privacy request names confirms it with the link mailed
 * there; until then the gym does nothing with it. Built from the privacy request's template
 * (src/node/pages.ts), so it adds no page component to the chunk map every public page carries.
 */
export function PrivacyConfirm() {
  return (
    <TokenLinkPage
      words={{
        headingId: "confirm-heading",
        heading: "Confirm your privacy request",
        endpoint: "privacy-confirm",
        noScript: "Confirming here needs JavaScript, which is turned off in this browser. Turn it on and open the link again, or call us.",
        noLink: "This page needs the link from the e-mail we sent you about your request. Open that link again.",
        ask: "Someone asked us, with your e-mail address, to act on the data we hold about you. We act on it only once you confirm that it was you. If it was not, close this page: nothing happens.",
        button: "Confirm my request",
        sending: "Confirming…",
        done: "Your request is confirmed.",
        offline: "We could not reach the website. Check your connection and try again.",
      }}
      // An expired or unknown link is done with: the way on is a new request.
      closing={(end) =>
        end.kind === "failed" &&
        (end.outcome === "expired" || end.outcome === "unknown") && (
          <p>
            <Link to={pathTo("privacyRequest")}>Send your request again</Link> on the request form.
          </p>
        )
      }
    />
  );
}
