import { useEffect, useRef, type ReactNode } from "react";
import { foundOf } from "../../forms/formState";
import { SENT_MESSAGE_ID, type SentWords } from "../../forms/sentWords";
import type { UseFormResult } from "../../hooks/useForm";
import { LabelledFacts } from "../LabelledFacts";
import { Honeypot } from "./inputs";
import * as styles from "./Form.module.css";

const TARGETS = "main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary";

/**
 * Scrolls up just enough that no control of the page lies half under the sticky header (too small a
 * target to tap, WCAG 2.5.8), as long as the focused field's top stays on the screen.
 */
function revealCutTargets(headerBottom: number, field: Element): void {
  let cutTop = headerBottom;
  for (const target of document.querySelectorAll(TARGETS)) {
    const box = target.getBoundingClientRect();
    if (box.height > 0 && box.top < headerBottom && box.bottom > headerBottom) cutTop = Math.min(cutTop, box.top);
  }
  const by = headerBottom - cutTop;
  if (by > 0 && field.getBoundingClientRect().top + by < window.innerHeight) window.scrollBy(0, -by);
}

/**
 * The frame every form shares: the error summary, the fields, the send button (disabled while
 * sending), the failure message with a retry, and the success message that replaces the form. It
 * moves focus to whatever a press of Send brought: the first field with a problem, the failure, or
 * the success message.
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
  const { phase, control } = form;
  const { idFor } = control;
  const found = foundOf(phase);
  const successRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (phase.status === "sent") {
      // Read from its heading: a message taller than the screen (a booked intro's) would otherwise be
      // scrolled to its middle, its first words under the sticky header (scroll-padding-top keeps them clear).
      successRef.current?.focus({ preventScroll: true });
      successRef.current?.scrollIntoView({ block: "start" });
    }
    if (phase.status === "failed") failureRef.current?.focus();
  }, [phase.status]);

  // Each attempt that finds problems makes a new `found`, so a second one on the same field moves focus again.
  useEffect(() => {
    const field = found.focus && document.getElementById(idFor(found.focus));
    if (!field) return;
    // Focus the first field, and show the list of problems above it too when both fit on the screen.
    // When they do not, the question (its label or legend, its message and its control) goes to the
    // top, below the sticky header by scroll-padding-top, and the list out of sight above it: scrolled
    // to "nearest", the list's links would sit half under the header, too small to tap (WCAG 2.5.8).
    // The screen ends above the fixed intro bar on phones: html's scroll-padding-bottom keeps its height.
    // A question may be a group of groups (the intro's days and times): all of it when it fits, else
    // the group that took focus. Whatever the scroll left straddling the header's edge (a row of days
    // just above the question, a link in the text above the list) is then shown whole, not cut.
    field.focus({ preventScroll: true });
    document.getElementById(idFor("summary"))?.scrollIntoView({ block: "start" });
    const headerBottom = document.querySelector("[data-site-header]")?.getBoundingClientRect().bottom ?? 0;
    const screenEnd = window.innerHeight - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0);
    const whole = field.closest("[data-invalid]");
    const own = field.closest("fieldset") ?? field;
    const question = whole && whole.getBoundingClientRect().height <= screenEnd - headerBottom ? whole : own;
    if (question.getBoundingClientRect().bottom > screenEnd) question.scrollIntoView({ block: "start" });
    revealCutTargets(headerBottom, field);
  }, [found, idFor]);

  if (phase.status === "sent") {
    return (
      <div ref={successRef} id={SENT_MESSAGE_ID} tabIndex={-1} className={styles.success} role="status" data-testid="form-success">
        {success(phase.reference)}
      </div>
    );
  }

  const sending = phase.status === "sending";
  const { summary } = found;
  return (
    // method and action: until the page is live (or when its script never arrives), Send posts the
    // fields the browser's way and the server answers with a page (src/server/forms/answerPage.ts).
    <form
      ref={form.formRef}
      method="post"
      action={form.action}
      className={styles.form}
      onFocus={form.onFocus}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={label}
      aria-busy={sending || undefined}
    >
      {summary.length > 0 && (
        <div id={idFor("summary")} className={styles.summary} role="alert" aria-labelledby={`${idFor("summary")}-title`}>
          <h2 id={`${idFor("summary")}-title`} className={styles.summaryTitle}>
            {summary.length === 1 ? "There is a problem" : `There are ${summary.length} problems`}
          </h2>
          <ul>
            {summary.map(({ field, message }) => (
              <li key={field}>
                <a href={`#${idFor(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
      <Honeypot control={control} />
      {phase.status === "failed" && (
        <div ref={failureRef} tabIndex={-1} className={styles.failure} role="alert" data-testid="form-failure">
          <p>{phase.message}</p>
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
 * Enabled from the first paint: before the page is live a press posts the form the browser's way
 * (method="post", never a GET that would put what was typed into the address). Its own component, so
 * that "Sending…" renders it alone, not the whole form.
 */
function SendButton({ sending, label }: { sending: boolean; label: string }) {
  return (
    <button type="submit" className={styles.submit} disabled={sending}>
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

/**
 * The message that replaces a stored form: its words (src/forms/<form>/sent.ts), "Pay now" when the words
 * lead to a payment, and the reference. The page a form sent without JavaScript gets writes the same
 * markup (src/server/forms/answerPage.ts).
 */
export function SentMessage({ words, reference }: { words: SentWords; reference: string }) {
  return (
    <>
      <h2>{words.title}</h2>
      {words.action && (
        <p>
          <a className={styles.sentAction} href={words.action.href}>
            {words.action.text}
          </a>
        </p>
      )}
      {words.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {words.facts && words.facts.length > 0 && <LabelledFacts className={styles.sentFacts} facts={words.facts} />}
      {words.closing?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {words.payNow && (
        <p>
          <a href={words.payNow} className={styles.payNow}>
            Pay now
          </a>
        </p>
      )}
      <YourReference reference={reference} />
    </>
  );
}
