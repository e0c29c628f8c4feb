import { useEffect, useRef, type ReactNode } from "react";
import type { UseFormResult } from "../../hooks/useForm";
import { useHydrated } from "../../hooks/useHydrated";
import { Honeypot } from "./inputs";
import * as styles from "./Form.module.css";

/**
 * The frame every form shares: the error summary, the fields, the send button (disabled while
 * sending), the failure message with a retry, and the success message that replaces the form.
 */
export function FormShell({
  form,
  label,
  submitLabel,
  success,
  children,
}: {
  /** Any form: the frame needs only the honeypot, which every form's schema has. */
  form: UseFormResult<{ website: string }>;
  label: string;
  submitLabel: string;
  /** What the visitor sees once the server has stored the form. */
  success: (reference: string) => ReactNode;
  children: ReactNode;
}) {
  const successRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (form.status === "sent") successRef.current?.focus();
    if (form.status === "failed") failureRef.current?.focus();
  }, [form.status]);

  if (form.status === "sent" && form.reference) {
    return (
      <div ref={successRef} tabIndex={-1} className={styles.success} role="status" data-testid="form-success">
        {success(form.reference)}
      </div>
    );
  }

  const sending = form.status === "sending";
  return (
    <form
      className={styles.form}
      onFocus={form.onFocus}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={label}
      aria-busy={sending || undefined}
    >
      {form.summary.length > 0 && (
        <div
          id={form.control.idFor("summary")}
          className={styles.summary}
          role="alert"
          aria-labelledby={`${form.control.idFor("summary")}-title`}
        >
          <h2 id={`${form.control.idFor("summary")}-title`} className={styles.summaryTitle}>
            {form.summary.length === 1 ? "There is a problem" : `There are ${form.summary.length} problems`}
          </h2>
          <ul>
            {form.summary.map(({ field, message }) => (
              <li key={field}>
                <a href={`#${form.control.idFor(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
      <Honeypot control={form.control} />
      {form.status === "failed" && form.failure && (
        <div ref={failureRef} tabIndex={-1} className={styles.failure} role="alert" data-testid="form-failure">
          <p>{form.failure}</p>
          <button type="button" className={styles.secondaryButton} onClick={form.retry}>
            Try again
          </button>
        </div>
      )}
      <SendButton sending={sending} label={submitLabel} />
    </form>
  );
}

/**
 * Until the page is live the form can do nothing: it sends with JavaScript. An enabled button would let
 * Enter submit it the browser's way, a GET that puts what was typed into the address. The button is
 * its own component so that going live renders it alone, not the whole form.
 */
function SendButton({ sending, label }: { sending: boolean; label: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={styles.submit} disabled={sending || !hydrated}>
      {sending ? "Sending…" : label}
    </button>
  );
}

/** The line every success message ends with: the reference staff find the submission by. */
export function YourReference({ reference }: { reference: string }) {
  return (
    <p>
      Your reference: <span className={styles.reference}>{reference}</span>
    </p>
  );
}
