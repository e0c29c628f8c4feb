import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { postJson, problemText } from "../client";
import { type LeadDetail, type SamePhonePerson, STATUS_LABELS } from "../../desk/leads";
import { leadPath } from "../../desk/paths";
import * as styles from "../Staff.module.css";

const who = (person: { name: string; email: string; id: string }) => person.name || person.email || person.id;
/** One of two people in a sentence: their name, or their address when both have the same name (the same person, likely). */
const named = (one: { name: string; email: string; id: string }, other: { name: string }) =>
  one.name && one.name !== other.name ? one.name : one.email || one.id;
const forms = (count: number) => (count === 1 ? "1 form" : `${count} forms`);

/**
 * Others who gave this person's phone number: possibly the same person, never merged by themselves. The
 * server names them to the owner only, who can merge one into this person: a dialog names both and says
 * what moves, and the server checks it all again (leads/leadRoute.ts). What the merge did is said here,
 * where the button was, and the page then shows the person as the server answered.
 */
export function SamePhone({ detail, onMerged }: { detail: LeadDetail; onMerged: (answer: LeadDetail) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const [asking, setAsking] = useState<SamePhonePerson | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState("");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) element.showModal();
    else if (!asking && element.open) element.close();
  }, [asking]);

  const { person, lead } = detail;
  if (!person || (person.samePhone.length === 0 && !done)) return null;

  const ask = (other: SamePhonePerson) => {
    setProblem(null);
    setAsking(other);
  };

  const merge = async (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return;
    setBusy(true);
    try {
      const answer = await postJson<LeadDetail>("lead", { id: person.id, action: "merge", other: asking.id });
      setDone(`Merged ${who(asking)} (${asking.id}) into this person: their forms and timeline are here now.`);
      // The button pressed goes with the person merged: the keyboard and the eye go to what happened,
      // once the dialog has closed (closing gives the focus back to that button).
      dialog.current?.close();
      said.current?.focus();
      onMerged(answer);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="same-phone">
      <h3 id="same-phone" className={styles.subheading}>
        Possibly the same person (same phone number)
      </h3>
      <p ref={said} role="status" tabIndex={-1} className={`${styles.ok} ${styles.wrap}`}>
        {done}
      </p>
      {person.samePhone.length > 0 && (
        <ul className={styles.list}>
          {person.samePhone.map((other) => (
            <li key={other.id} className={styles.card}>
              <span className={styles.cardMain}>
                <Link to={leadPath(other.id)}>{who(other)}</Link>
                <br />
                <span className={`${styles.muted} ${styles.wrap}`}>
                  {[other.email, other.id, STATUS_LABELS[other.status], forms(other.forms)].filter(Boolean).join(" · ")}
                </span>
              </span>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                aria-label={`Merge into this person: ${who(other)}, ${other.id}`}
                onClick={() => ask(other)}
              >
                Merge into this person
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="merge-title" onClose={() => setAsking(null)}>
        {asking && (
          <form className={styles.form} onSubmit={(event) => void merge(event)}>
            <h2 id="merge-title" className={styles.wrap}>
              Merge {named(asking, lead)} into {named(lead, asking)}?
            </h2>
            <dl className={styles.wrap}>
              <dt>Merged, then deleted</dt>
              <dd>
                {who(asking)}, {[asking.email, asking.id, STATUS_LABELS[asking.status], forms(asking.forms)].filter(Boolean).join(" · ")}
              </dd>
              <dt>Kept: this person</dt>
              <dd>
                {who(lead)}, {[lead.email, person.id, STATUS_LABELS[lead.status], forms(lead.forms ?? 0)].filter(Boolean).join(" · ")}
              </dd>
            </dl>
            <p>
              Their forms and timeline move to this person, who keeps the furthest status and the first answer. Forms from either address
              come here from now on, and links to {asking.id} open this person. It cannot be undone.
            </p>
            <p role="alert" className={`${styles.error} ${styles.wrap}`}>
              {problem}
            </p>
            <div className={styles.dialogActions}>
              <button type="submit" className={styles.primary} disabled={busy}>
                Merge
              </button>
              <button type="button" className={styles.secondary} onClick={() => setAsking(null)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dialog>
    </section>
  );
}
