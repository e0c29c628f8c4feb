import { type FormEvent, useCallback, useEffect, useState } from "react";
import { getJson, postJson, problemText } from "../client";
import { REPLY_MAX, SUBJECT_MAX, TEMPLATE_NAME_MAX } from "../../desk/limits";
import * as styles from "../Staff.module.css";
import { type Status, StatusLine } from "../StatusLine";
import type { ScreenProps } from "./types";
import { InstantAnswers } from "./InstantAnswers";
import { Choice } from "../Choice";
import { MAX_TEXT_CHARACTERS, MAX_TEXT_SEGMENTS, textSize, textTooLong } from "../../texts/segments";

interface Template {
  id: number;
  name: string;
  /** An e-mail reply's, or a text's (no subject). */
  channel: "email" | "text";
  subject: string;
  body: string;
}

type Draft = Omit<Template, "id"> & { id?: number };

const BLANK: Draft = { name: "", channel: "email", subject: "", body: "" };

const CHANNELS = { email: "E-mail", text: "Text message" } as const;

/** A draft as the server takes it: a text's without a subject. */
const saved = ({ id, name, channel, subject, body }: Draft) => ({ id, name, channel, body, ...(channel === "email" && { subject }) });

/**
 * The replies and texts staff start from on a lead's page. The owner writes them; {name} becomes the
 * lead's first name and {intro} the address of the free-intro booking page. A text's template has no
 * subject, and is held to what a text may be (src/texts/segments.ts). Coaches read them here. Below
 * them, the words of the instant answers visitors get to their forms (InstantAnswers.tsx).
 */
export default function Replies({ session }: ScreenProps) {
  const owner = session.role === "owner";
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setTemplates((await getJson<{ templates: Template[] }>("reply-templates")).templates);
    } catch (error) {
      setStatus({ text: problemText(error), error: true });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const act = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      setTemplates((await postJson<{ templates: Template[] }>("reply-templates", body)).templates);
      setStatus({ text: done, error: false });
      return true;
    } catch (error) {
      setStatus({ text: problemText(error), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className={styles.heading}>Reply templates</h1>
      <p className={styles.lead}>
        On a lead&apos;s page, a reply or a text starts from one of these. <code>{"{name}"}</code> becomes the lead&apos;s first name and{" "}
        <code>{"{intro}"}</code> the address where they book a free intro.
      </p>
      <StatusLine status={status} />
      {templates === null ? (
        <p>Loading…</p>
      ) : (
        <ul className={styles.list}>
          {templates.map((template) => (
            <li key={template.id} className={styles.card}>
              {owner ? (
                <TemplateForm
                  initial={template}
                  busy={busy}
                  onSave={(draft) => act({ action: "save", ...saved(draft) }, `Saved "${draft.name}".`)}
                  onDelete={() => act({ action: "delete", id: template.id }, `Deleted "${template.name}".`)}
                />
              ) : (
                <div className={styles.cardMain}>
                  <h2 className={styles.subheading}>{template.name}</h2>
                  <p>{template.channel === "text" ? "Text" : template.subject}</p>
                  <p className={styles.prewrap}>{template.body}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && templates !== null && (
        <section aria-labelledby="new-template">
          <h2 id="new-template" className={styles.subheading}>
            A new template
          </h2>
          <TemplateForm
            key={templates.length}
            initial={BLANK}
            busy={busy}
            onSave={(draft) => act({ action: "save", ...saved(draft) }, `Added "${draft.name}".`)}
          />
        </section>
      )}
      <InstantAnswers owner={owner} />
    </>
  );
}

function TemplateForm({
  initial,
  busy,
  onSave,
  onDelete,
}: {
  initial: Draft;
  busy: boolean;
  onSave: (draft: Draft) => Promise<boolean>;
  onDelete?: () => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const edit = (change: Partial<Draft>) => setDraft((before) => ({ ...before, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(draft);
  };
  const what = initial.name || "the new template";
  return (
    <form className={`${styles.form} ${styles.cardMain}`} onSubmit={submit} aria-label={initial.name || "A new template"}>
      <label className={styles.field}>
        <span>Name</span>
        <input required maxLength={TEMPLATE_NAME_MAX} value={draft.name} onChange={(event) => edit({ name: event.target.value })} />
      </label>
      {initial.id === undefined ? (
        <Choice label="Sent as" value={draft.channel} options={CHANNELS} onChange={(channel) => edit({ channel })} />
      ) : (
        <p className={styles.muted}>{CHANNELS[draft.channel]}</p>
      )}
      {draft.channel === "email" && (
        <label className={styles.field}>
          <span>Subject</span>
          <input required maxLength={SUBJECT_MAX} value={draft.subject} onChange={(event) => edit({ subject: event.target.value })} />
        </label>
      )}
      <label className={styles.field}>
        <span>{draft.channel === "text" ? "Text" : "Reply"}</span>
        <textarea
          required
          rows={6}
          maxLength={draft.channel === "text" ? MAX_TEXT_CHARACTERS : REPLY_MAX}
          value={draft.body}
          onChange={(event) => edit({ body: event.target.value })}
        />
      </label>
      {draft.channel === "text" && (
        <p className={styles.muted}>
          {textTooLong(draft.body) ?? `${textSize(draft.body).segments} of at most ${MAX_TEXT_SEGMENTS} segments.`}
        </p>
      )}
      <span className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-label={initial.name ? `Save ${initial.name}` : undefined}>
          {initial.name ? "Save" : "Add"}
        </button>
        {onDelete && (
          <button type="button" className={styles.danger} disabled={busy} aria-label={`Delete ${what}`} onClick={() => void onDelete()}>
            Delete
          </button>
        )}
      </span>
    </form>
  );
}
