import { useEffect, useState } from "react";
import { Link } from "gatsby";
import { apiPath } from "../forms/endpoints";
import { pathTo } from "../routes";
// The look of the intro's cancel page, the other page a mailed link opens.
import * as styles from "./IntroCancel.module.css";

type State =
  | { kind: "reading" }
  | { kind: "no-link" }
  | { kind: "ready"; token: string }
  | { kind: "sending"; token: string }
  | { kind: "done"; text: string }
  | { kind: "failed"; token: string; text: string; again: boolean };

const NO_LINK = "This page needs the link from the e-mail we sent you about your request. Open that link again.";
const OFFLINE = "We could not reach the website. Check your connection and try again.";

/** The token from the link's fragment (#token=...), which the browser never sends to the server or its logs. */
function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /privacy/confirm/: the person whose address a privacy request names confirms it with the link mailed
 * there; until then the gym does nothing with it. A button press, not the page load, sends the token, so
 * a mail scanner that opens links confirms nothing. Not indexed and not in the sitemap; the token leaves
 * the address bar once read. Built from the privacy request's template (src/node/pages.ts), so it adds no
 * page component to the chunk map every public page carries.
 */
export function PrivacyConfirm() {
  const [state, setState] = useState<State>({ kind: "reading" });

  useEffect(() => {
    const read = () => {
      const token = tokenFromFragment();
      if (token) window.history.replaceState(null, "", window.location.pathname);
      setState(token ? { kind: "ready", token } : { kind: "no-link" });
    };
    read();
    // A second link opened in the same tab changes only the fragment: the page is not loaded again.
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  const confirm = async (token: string) => {
    setState({ kind: "sending", token });
    try {
      const response = await fetch(apiPath("privacy-confirm"), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string; state?: string };
      if (response.ok) setState({ kind: "done", text: answer.message ?? "Your request is confirmed." });
      // An expired or unknown link is done with: the way on is a new request.
      else
        setState({ kind: "failed", token, text: answer.error ?? OFFLINE, again: answer.state === "expired" || answer.state === "unknown" });
    } catch {
      setState({ kind: "failed", token, text: OFFLINE, again: false });
    }
  };

  const status = state.kind === "done" || state.kind === "failed" ? state.text : state.kind === "sending" ? "Confirming…" : "";
  return (
    <section className={styles.page} aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className={styles.heading}>
        Confirm your privacy request
      </h1>
      <noscript>
        <p>Confirming here needs JavaScript, which is turned off in this browser. Turn it on and open the link again, or call us.</p>
      </noscript>
      {state.kind === "no-link" && <p className={styles.error}>{NO_LINK}</p>}
      {(state.kind === "ready" || state.kind === "sending" || state.kind === "failed") && (
        <>
          <p>
            Someone asked us, with your e-mail address, to act on the data we hold about you. We act on it only once you confirm that it was
            you. If it was not, close this page: nothing happens.
          </p>
          <p>
            <button type="button" className={styles.button} disabled={state.kind === "sending"} onClick={() => void confirm(state.token)}>
              Confirm my request
            </button>
          </p>
        </>
      )}
      <p role="status" className={state.kind === "failed" ? styles.error : styles.ok}>
        {status}
      </p>
      {state.kind === "failed" && state.again && (
        <p>
          <Link to={pathTo("privacyRequest")}>Send your request again</Link> on the request form.
        </p>
      )}
    </section>
  );
}
