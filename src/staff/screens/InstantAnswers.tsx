import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import siteJson from "../../../content/site.json";
import { getJson, postJson, problemText } from "../client";
import {
  ANSWER_MAX,
  ANSWER_PLACEHOLDERS,
  ANSWER_TITLES,
  type AnswerForm,
  fillAnswer,
  PLACEHOLDER_WORDS,
  PREVIEW_VALUES,
} from "../../desk/instantAnswers";
import { pathTo } from "../../routes";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";

interface Answer {
  form: AnswerForm;
  text: string;
  edited: { at: string; by: string } | null;
}

/** The preview's sample visitor, with the gym's own name and booking page. */
const SAMPLE = { ...PREVIEW_VALUES, gym: siteJson.name, introLink: `${siteJson.url}${pathTo("intro")}` };

/**
 * The instant answers' words (on the reply templates' screen): the e-mail a visitor gets within a
 * minute of a contact, sign-up or drop-in form. The owner edits each form's text, with its placeholders
 * listed and a preview of a sample visitor's mail as they type; coaches read them. A refused text (empty,
 * an unknown placeholder) stays in the box with the server's sentence under it.
 */
export function InstantAnswers({ owner }: { owner: boolean }) {
  const [answers, setAnswers] = useState<Answer[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  const load = useCallback(async () => {
    try {
      setAnswers((await getJson<{ answers: Answer[] }>("instant-answers")).answers);
    } catch (error) {
      setStatus({ text: problemText(error), error: true });
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <section aria-labelledby="instant-answers">
      <h2 id="instant-answers" className={styles.subheading}>
        Instant answers
      </h2>
      <p className={styles.lead}>
        Within a minute of a contact form, a sign-up or a drop-in, the visitor gets this e-mail from the gym, once a day per address. The
        free intro&apos;s confirmation is its own.
      </p>
      <StatusLine status={status} />
      {answers === null ? (
        <p>Loading…</p>
      ) : (
        answers.map((answer) => <AnswerEditor key={answer.form} answer={answer} owner={owner} onSaved={setAnswers} />)
      )}
    </section>
  );
}

function AnswerEditor({ answer, owner, onSaved }: { answer: Answer; owner: boolean; onSaved: (answers: Answer[]) => void }) {
  const [draft, setDraft] = useState(answer.text);
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const title = ANSWER_TITLES[answer.form];

  const send = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      const { answers } = await postJson<{ answers: Answer[] }>("instant-answers", body);
      onSaved(answers);
      setDraft(answers.find((a) => a.form === answer.form)?.text ?? draft);
      setStatus({ text: done, error: false });
    } catch (error) {
      // What was typed stays in the box.
      setStatus({ text: problemText(error), error: true });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ action: "save", form: answer.form, text: draft }, `Saved the ${title.toLowerCase()} answer.`);
  };

  return (
    <form className={`${styles.form} ${styles.card}`} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <div className={styles.cardMain}>
        <h3 id={`${id}-title`} className={styles.subheading}>
          {title}
        </h3>
        <p className={styles.muted}>{answer.edited ? `Words saved by ${answer.edited.by}.` : "The site's own words."}</p>
        {owner ? (
          <label className={styles.field}>
            <span>Words of the {title.toLowerCase()} answer</span>
            <textarea
              rows={9}
              maxLength={ANSWER_MAX}
              value={draft}
              aria-invalid={status?.error ? true : undefined}
              aria-describedby={`${id}-placeholders ${id}-status`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
        ) : (
          <p className={styles.preline}>{answer.text}</p>
        )}
        <p id={`${id}-placeholders`}>Placeholders:</p>
        <ul>
          {ANSWER_PLACEHOLDERS[answer.form].map((placeholder) => (
            <li key={placeholder}>
              <code>{`{${placeholder}}`}</code>: {PLACEHOLDER_WORDS[placeholder]}
            </li>
          ))}
        </ul>
        <section aria-label={`Preview of the ${title.toLowerCase()} answer`}>
          <h4 className={styles.subheading}>Preview, for a sample visitor</h4>
          <p className={styles.preline}>{fillAnswer(owner ? draft : answer.text, SAMPLE)}</p>
        </section>
        <StatusLine status={status} className={styles.wrap} />
        <span id={`${id}-status`} hidden>
          {status?.error ? status.text : ""}
        </span>
        {owner && (
          <span className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy} aria-label={`Save the ${title.toLowerCase()} answer`}>
              Save
            </button>
            {answer.edited && (
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                aria-label={`Put back the site's words of the ${title.toLowerCase()} answer`}
                onClick={() =>
                  void send({ action: "reset", form: answer.form }, `Put back the site's words of the ${title.toLowerCase()} answer.`)
                }
              >
                Put back the site&apos;s words
              </button>
            )}
          </span>
        )}
      </div>
    </form>
  );
}
