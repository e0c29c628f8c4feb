import { useEffect, useState } from "react";
import { Link } from "gatsby";
import type { ApiName } from "../forms/endpoints";
import { apiPath } from "../forms/endpoints";
// The look of the intro's cancel page, the first page a mailed link opened.
import * as styles from "./IntroCancel.module.css";

type State =
  | { kind: "reading" }
  | { kind: "no-link" }
  | { kind: "ready"; token: string }
  | { kind: "sending"; token: string }
  | { kind: "done"; text: string }
  | { kind: "failed"; token: string; text: string };

const NO_LINK = "This page needs the link from your booking e-mail. Open the link in the e-mail again, or call us.";
const OFFLINE = "We could not reach the website. Check your connection and try again, or call us.";

/** The token from the link's fragment (#token=...), which the browser never sends to the server or its logs. */
function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

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
 * /programs/crossfitkids/trial/cancel/). Not indexed and not in the sitemap; the token leaves the address bar
 * once read, so it is not shared by a copied URL, and a button press, not the page load, sends it. Built
 * from its booking page's template (src/node/pages.ts), so it adds no page component to the chunk map
 * every public page carries.
 */
export function BookingCancel({ words }: { words: CancelPageWords }) {
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

  const cancel = async (token: string) => {
    setState({ kind: "sending", token });
    try {
      const response = await fetch(apiPath(words.endpoint), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      if (response.ok) setState({ kind: "done", text: answer.message ?? words.done });
      else setState({ kind: "failed", token, text: answer.error ?? OFFLINE });
    } catch {
      setState({ kind: "failed", token, text: OFFLINE });
    }
  };

  return (
    <section className={styles.page} aria-labelledby="cancel-heading">
      <h1 id="cancel-heading" className={styles.heading}>
        {words.heading}
      </h1>
      <noscript>
        <p>
          Cancelling here needs JavaScript, which is turned off in this browser. Turn it on and open the link again, or reply to your
          booking e-mail or call us, and we will cancel it for you.
        </p>
      </noscript>
      {state.kind === "no-link" && <p className={styles.error}>{NO_LINK}</p>}
      {(state.kind === "ready" || state.kind === "sending" || state.kind === "failed") && (
        <>
          <p>{words.ask}</p>
          <p>
            <button type="button" className={styles.button} disabled={state.kind === "sending"} onClick={() => void cancel(state.token)}>
              {words.button}
            </button>
          </p>
        </>
      )}
      <p role="status" className={state.kind === "failed" ? styles.error : styles.ok}>
        {state.kind === "done" ? state.text : state.kind === "failed" ? state.text : state.kind === "sending" ? "Cancelling…" : ""}
      </p>
      {state.kind === "done" && (
        <p>
          Changed your mind? <Link to={words.again.to}>{words.again.text}</Link>.
        </p>
      )}
    </section>
  );
}
