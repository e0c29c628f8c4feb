import { type FormEvent, useEffect, useState } from "react";
import { postJson, problemText } from "./client";
import * as styles from "./Staff.module.css";

/** Where to go after signing in: the page that asked for it (a lead linked from an alert e-mail). */
const NEXT_KEY = "staff:next";

export function rememberNext(path: string): void {
  try {
    localStorage.setItem(NEXT_KEY, path);
  } catch {
    // Storage may be off: the console then opens on the inbox.
  }
}

export function takeNext(): string {
  try {
    const next = localStorage.getItem(NEXT_KEY);
    localStorage.removeItem(NEXT_KEY);
    // Only a console address: nothing stored can send the browser elsewhere.
    return next && next.startsWith("/staff/") && !next.startsWith("/staff/sign-in/") ? next : "/staff/";
  } catch {
    return "/staff/";
  }
}

/** Asks for a staff address; the server mails a link to it if it is one (its answer is the same either way). */
export function SignInForm({ intro }: { intro?: string }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "sent" | "failed"; text: string }>({ kind: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      const { message } = await postJson<{ message: string }>("sign-in", { email });
      setState({ kind: "sent", text: message });
    } catch (error) {
      setState({ kind: "failed", text: problemText(error) });
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className={styles.heading}>
        Staff sign-in
      </h1>
      <p className={styles.lead}>
        {intro ?? "Enter your staff e-mail address and we will e-mail you a link to sign in. No password needed."}
      </p>
      <label className={styles.field}>
        <span>E-mail address</span>
        <input type="email" name="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit" className={styles.primary} disabled={state.kind === "sending"}>
        {state.kind === "sending" ? "Sending…" : "E-mail me a sign-in link"}
      </button>
      <p role="status" className={state.kind === "failed" ? styles.error : styles.ok}>
        {state.kind === "sent" || state.kind === "failed" ? state.text : ""}
      </p>
    </form>
  );
}

/**
 * Where a sign-in link lands. The token is in the address's fragment and is spent only when the person
 * presses the button (a POST), so a mail scanner that opens the link signs nobody in.
 */
export function LinkLanding({ onSignedIn }: { onSignedIn: (next: string) => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<{ kind: "ready" | "sending" } | { kind: "refused"; text: string }>({ kind: "ready" });
  // The fragment exists only in the browser; the page is built without it.
  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("token");
    setToken(found ?? "");
    if (!found) setState({ kind: "refused", text: "This sign-in link is not complete. Ask for a new one below." });
  }, []);

  const spend = async () => {
    setState({ kind: "sending" });
    try {
      await postJson("sign-in-link", { token: token ?? "" });
      // The spent token leaves the address bar and the history.
      window.history.replaceState(null, "", window.location.pathname);
      onSignedIn(takeNext());
    } catch (error) {
      setState({ kind: "refused", text: problemText(error) });
    }
  };

  if (state.kind === "refused") {
    return (
      <>
        <p role="alert" className={styles.error}>
          {state.text}
        </p>
        <SignInForm intro="Enter your staff e-mail address for a new sign-in link." />
      </>
    );
  }
  return (
    <div className={styles.form}>
      <h1 className={styles.heading}>Sign in to the staff console</h1>
      <p className={styles.lead}>Press the button to finish signing in on this device.</p>
      <button type="button" className={styles.primary} disabled={token === null || state.kind === "sending"} onClick={() => void spend()}>
        {state.kind === "sending" ? "Signing in…" : "Sign in"}
      </button>
    </div>
  );
}
