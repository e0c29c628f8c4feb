import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Link, navigate } from "gatsby";
import { ApiError, getJson, onSignedOut, postJson, problemText, type Session } from "./client";
import { staffPaths, type StaffScreen } from "../desk/paths";
import { SCREENS } from "./screens";
import { LinkLanding, rememberNext, SignInForm, takeNext } from "./SignIn";
import * as styles from "./Staff.module.css";

type State = { kind: "checking" } | { kind: "signed-out" } | { kind: "signed-in"; session: Session } | { kind: "failed"; text: string };

/**
 * The staff console: one of its screens once the session is known, the sign-in form without one, and
 * the sign-in link's page. It runs only in the browser (the pages under /staff/ are built as an empty
 * shell); everything it shows comes from /api/staff/*.
 */
export function StaffApp({ screen, search }: { screen: StaffScreen; search: string }) {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    try {
      setState({ kind: "signed-in", session: await getJson<Session>("session") });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ kind: "signed-out" });
      else setState({ kind: "failed", text: problemText(error) });
    }
  }, []);

  useEffect(() => onSignedOut(() => setState({ kind: "signed-out" })), []);
  useEffect(() => {
    if (screen !== "signIn") void check();
  }, [check, screen]);
  useEffect(() => {
    if (state.kind === "signed-out") rememberNext(`${window.location.pathname}${window.location.search}`);
  }, [state.kind]);

  if (screen === "signIn") {
    return (
      <Frame>
        <LinkLanding onSignedIn={(next) => void navigate(next)} />
      </Frame>
    );
  }
  if (state.kind === "checking") {
    return (
      <Frame>
        <p role="status">Checking your sign-in…</p>
        <noscript>
          <p>The staff console needs JavaScript. Turn it on and reload this page.</p>
        </noscript>
      </Frame>
    );
  }
  if (state.kind === "failed") {
    return (
      <Frame>
        <p role="alert" className={styles.error}>
          {state.text}
        </p>
        <button type="button" className={styles.primary} onClick={() => void check()}>
          Try again
        </button>
      </Frame>
    );
  }
  if (state.kind === "signed-out") {
    return (
      <Frame>
        {/* Signed in by the code, the browser is already on the page it was going to: the screen shows once the session is known. */}
        <SignInForm
          onSignedIn={() => {
            takeNext();
            void check();
          }}
        />
      </Frame>
    );
  }
  const { session } = state;
  const entry = SCREENS[screen];
  const Screen = entry?.component;
  const allowed = entry && (entry.role === "coach" || session.role === "owner");
  return (
    <Frame session={session} current={screen} onSignedOut={() => setState({ kind: "signed-out" })}>
      {!Screen ? (
        <p>This screen is not available.</p>
      ) : allowed ? (
        <Screen session={session} search={search} />
      ) : (
        <p>Only the gym&apos;s owner can use this screen.</p>
      )}
    </Frame>
  );
}

/** The console's frame: its own header and menu (not the public site's), a skip link, one main landmark. */
function Frame({
  session,
  current,
  onSignedOut: signedOut,
  children,
}: {
  session?: Session;
  current?: StaffScreen;
  onSignedOut?: () => void;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // On a phone the menu folds behind one button, so the header is one row (CSS shows it always on a wide screen).
  const [menuOpen, setMenuOpen] = useState(false);
  const everywhereDialog = useRef<HTMLDialogElement>(null);
  const everywhereCancel = useRef<HTMLButtonElement>(null);
  // showModal would focus the dialog's first button, the destructive one: the safe choice takes focus.
  const askEverywhere = () => {
    everywhereDialog.current?.showModal();
    everywhereCancel.current?.focus();
  };
  const signOut = async (everywhere: boolean) => {
    try {
      await postJson("sign-out", { everywhere });
      signedOut?.();
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  const menu = Object.entries(SCREENS).filter(
    ([, entry]) => entry.label && session && (entry.role === "coach" || session.role === "owner"),
  ) as Array<[Exclude<StaffScreen, "signIn">, (typeof SCREENS)[keyof typeof SCREENS] & object]>;
  return (
    <div className={styles.app}>
      <a href="#staff-main" className={styles.skip}>
        Skip to main content
      </a>
      <header className={styles.bar}>
        <p className={styles.brand}>Staff console</p>
        {session && (
          <button
            type="button"
            className={`${styles.secondary} ${styles.menuButton}`}
            aria-expanded={menuOpen}
            aria-controls="staff-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        )}
        {session && (
          <div id="staff-menu" className={`${styles.menu} ${menuOpen ? styles.menuOpen : ""}`}>
            <nav aria-label="Staff console" className={styles.nav}>
              <ul>
                {menu.map(([screen, entry]) => (
                  <li key={screen}>
                    <Link to={staffPaths[screen]} aria-current={screen === current ? "page" : undefined}>
                      {entry.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.who}>
              <span className={styles.wrap}>
                {session.email} ({session.role})
              </span>
              <button type="button" className={styles.secondary} onClick={() => void signOut(false)}>
                Sign out
              </button>
              <button type="button" className={styles.secondary} onClick={askEverywhere}>
                Sign out everywhere…
              </button>
            </div>
          </div>
        )}
      </header>
      {session && (
        <SignOutEverywhere
          dialog={everywhereDialog}
          cancel={everywhereCancel}
          onConfirm={async () => {
            everywhereDialog.current?.close();
            await signOut(true);
          }}
        />
      )}
      <main id="staff-main" tabIndex={-1} className={styles.main}>
        {problem && (
          <p role="alert" className={styles.error}>
            {problem}
          </p>
        )}
        {children}
      </main>
    </div>
  );
}

/**
 * "Sign out everywhere" ends the sessions on every device at once (a lost phone), and voids sign-in
 * links not yet used: it asks first, in a native modal dialog that starts on "Cancel".
 */
function SignOutEverywhere({
  dialog,
  cancel,
  onConfirm,
}: {
  dialog: RefObject<HTMLDialogElement>;
  cancel: RefObject<HTMLButtonElement>;
  onConfirm: () => Promise<void>;
}) {
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void onConfirm();
  };
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="everywhere-title">
      <form className={styles.form} onSubmit={confirm}>
        <h2 id="everywhere-title">Sign out on every device?</h2>
        <p>
          This ends your sessions on every phone and computer, this one included, and voids any sign-in link you have not used yet. To use
          the console again, ask for a new link.
        </p>
        <div className={styles.dialogActions}>
          <button type="submit" className={styles.danger}>
            Sign out everywhere
          </button>
          {/* Focused when the dialog opens, so Enter does not end every session by accident; Escape cancels too. */}
          <button ref={cancel} type="button" className={styles.secondary} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
