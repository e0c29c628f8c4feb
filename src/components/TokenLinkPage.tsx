import { useEffect, useState, type ReactNode } from "react";
import { apiPath, type ApiName } from "../forms/endpoints";
// The look of the intro's cancel page, the first page a mailed link opened.
import * as styles from "./IntroCancel.module.css";

/** Where the page ends: the server's answer, and on a refusal its word for the link (privacy: expired, unknown). */
export type TokenLinkEnd = { kind: "done"; text: string } | { kind: "failed"; text: string; outcome?: string };

type State =
  | { kind: "reading" }
  | { kind: "no-link" }
  | { kind: "ready"; token: string }
  | { kind: "sending"; token: string }
  | { kind: "done"; text: string }
  | { kind: "failed"; token: string; text: string; outcome?: string };

/** The token from the link's fragment (#token=...), which the browser never sends to the server or its logs. */
function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** What one token-link page says and where it sends the token. */
export interface TokenLinkWords {
  /** The heading's id, which names the page's section. */
  headingId: string;
  heading: string;
  /** The endpoint the token is posted to: /api/<name>. */
  endpoint: ApiName;
  /** What a visitor without JavaScript can do instead. */
  noScript: string;
  /** When the address holds no token. */
  noLink: string;
  /** Above the button: what pressing it does. */
  ask: string;
  button: string;
  /** The status while the token is on its way. */
  sending: string;
  /** The answer when the server's has no sentence. */
  done: string;
  /** When the server cannot be reached, or refuses without a sentence. */
  offline: string;
}

/**
 * A page a mailed link opens to act on what its token names: a booking's cancel pages, the privacy
 * request's confirmation. Not indexed and not in the sitemap; the token leaves the address bar once
 * read, so it is not shared by a copied URL, and a button press, not the page load, sends it, so a mail
 * scanner that opens links does nothing. `closing` adds what follows the answer: the way on.
 */
export function TokenLinkPage({ words, closing }: { words: TokenLinkWords; closing: (end: TokenLinkEnd) => ReactNode }) {
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

  const send = async (token: string) => {
    setState({ kind: "sending", token });
    try {
      const response = await fetch(apiPath(words.endpoint), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string; state?: string };
      if (response.ok) setState({ kind: "done", text: answer.message ?? words.done });
      else setState({ kind: "failed", token, text: answer.error ?? words.offline, outcome: answer.state });
    } catch {
      setState({ kind: "failed", token, text: words.offline });
    }
  };

  const status = state.kind === "done" || state.kind === "failed" ? state.text : state.kind === "sending" ? words.sending : "";
  return (
    <section className={styles.page} aria-labelledby={words.headingId}>
      <h1 id={words.headingId} className={styles.heading}>
        {words.heading}
      </h1>
      <noscript>
        <p>{words.noScript}</p>
      </noscript>
      {state.kind === "no-link" && <p className={styles.error}>{words.noLink}</p>}
      {(state.kind === "ready" || state.kind === "sending" || state.kind === "failed") && (
        <>
          <p>{words.ask}</p>
          <p>
            <button type="button" className={styles.button} disabled={state.kind === "sending"} onClick={() => void send(state.token)}>
              {words.button}
            </button>
          </p>
        </>
      )}
      <p role="status" className={state.kind === "failed" ? styles.error : styles.ok}>
        {status}
      </p>
      {(state.kind === "done" || state.kind === "failed") && closing(state)}
    </section>
  );
}
