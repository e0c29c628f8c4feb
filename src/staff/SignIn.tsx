import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { postJson, problemText } from "./client";
import { consolePath, STAFF_ROOT } from "../desk/paths";
import * as styles from "./Staff.module.css";

/** Where to go after signing in: the page that asked for it (a lead linked from an alert e-mail). */
const NEXT_KEY = "staff:next";
/** Until when (ms since 1970) this browser has a sign-in code waiting: its form stays on the page, reloaded or not. */
const CODE_KEY = "staff:code-until";
/** A code works as long as its link: 15 minutes (the server's LINK_TTL_MS, which says so in its answers). */
const CODE_MINUTES = 15;

/** localStorage, which may be off (a private window): the console then does without what it remembers. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be off: nothing is remembered.
  }
}

export function rememberNext(path: string): void {
  store(NEXT_KEY, path);
}

/** The page this browser was going to, if it is a console page: nothing stored can send the browser elsewhere. */
function storedNext(): string | undefined {
  return consolePath(stored(NEXT_KEY));
}

export function takeNext(): string {
  const next = storedNext();
  store(NEXT_KEY, null);
  return next ?? STAFF_ROOT;
}

/** The page this browser is on, where a sign-in by code lands (the sign-in page's own form passes the link's). */
const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * Asks for a staff address; the server mails a link and a code to it if it is one (its answer is the
 * same either way), and gives this browser the request's cookie, which the code is bound to. From
 * then on, for the code's 15 minutes, the page also takes the code: typed here, it signs in this
 * browser, and `onSignedIn` goes on to `next` (the page asked from, by default). The link in the same
 * mail goes to `next` too, in whichever browser opens it.
 */
export function SignInForm({ intro, next, onSignedIn }: { intro?: string; next?: string; onSignedIn: () => void }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "sent" | "failed"; text: string }>({ kind: "idle" });
  const [codeWaiting, setCodeWaiting] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  // After a reload (a phone's browser may reload the page while the mail app is open), the code is still waited for.
  useEffect(() => setCodeWaiting(Number(stored(CODE_KEY)) > Date.now()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      const { message } = await postJson<{ message: string }>("sign-in", { email, next: next ?? here() });
      setState({ kind: "sent", text: message });
      store(CODE_KEY, String(Date.now() + CODE_MINUTES * 60_000));
      setCodeWaiting(true);
    } catch (error) {
      setState({ kind: "failed", text: problemText(error) });
    }
  };
  // The code is what comes next: a phone's keyboard opens on it (and may offer the code from the mail).
  useEffect(() => {
    if (state.kind === "sent") codeField.current?.focus();
  }, [state.kind]);

  return (
    <>
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading" className={styles.heading}>
          Staff sign-in
        </h1>
        <p className={styles.lead}>
          {intro ?? "Enter your staff e-mail address and we will e-mail you a link and a code to sign in. No password needed."}
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
      {codeWaiting && <CodeForm field={codeField} onSignedIn={onSignedIn} />}
    </>
  );
}

/** The e-mail's code, typed in the browser that asked for it: it signs in this browser, nowhere else. */
function CodeForm({ field, onSignedIn }: { field: RefObject<HTMLInputElement>; onSignedIn: () => void }) {
  const [code, setCode] = useState("");
  const [state, setState] = useState<{ kind: "ready" | "sending" } | { kind: "refused"; text: string }>({ kind: "ready" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      await postJson("sign-in-code", { code });
      store(CODE_KEY, null);
      onSignedIn();
    } catch (error) {
      setState({ kind: "refused", text: problemText(error) });
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="code-heading">
      <h2 id="code-heading" className={styles.subheading}>
        Sign in with the code
      </h2>
      <p className={styles.lead}>
        The e-mail also holds a 6-digit code. Enter it here to sign in on this browser: it works for {CODE_MINUTES} minutes.
      </p>
      <label className={styles.field}>
        <span>Code from the e-mail</span>
        <input
          ref={field}
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit" className={styles.primary} disabled={state.kind === "sending"}>
        {state.kind === "sending" ? "Signing in…" : "Sign in with this code"}
      </button>
      {state.kind === "refused" && (
        <p role="alert" className={styles.error}>
          {state.text}
        </p>
      )}
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

  // The page the link was asked from (the mail's link carries it: a mail app's browser shares no storage
  // with the one that asked), else the one this browser was going to; either way only a console page.
  const next = () => consolePath(new URLSearchParams(window.location.search).get("next")) ?? storedNext() ?? STAFF_ROOT;

  const spend = async () => {
    setState({ kind: "sending" });
    try {
      await postJson("sign-in-link", { token: token ?? "" });
      const goTo = next();
      // The spent token leaves the address bar and the history.
      window.history.replaceState(null, "", window.location.pathname);
      takeNext();
      store(CODE_KEY, null);
      onSignedIn(goTo);
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
        <SignInForm
          intro="Enter your staff e-mail address for a new sign-in link and code."
          next={next()}
          onSignedIn={() => {
            const goTo = next();
            takeNext();
            onSignedIn(goTo);
          }}
        />
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
